;;; emacs_json_check.el --- eglot with editors/emacs/mockls.el on JSON files, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls.el -l Tests/editors/emacs_json_check.el
;; with MOCKLS_BIN, MOCKLS_ROOT (the Bookshelf copy), MOCKLS_FIXTURE (its Tests/Fixtures/BookQuery.json), MOCKLS_SWIFT
;; (a test file of it), MOCKLS_PACKAGE (its package.json) and MOCKLS_OUTSIDE (a JSON file in a folder outside any
;; Apollo project) set. The user's set-up is the README's: mockls.el and `eglot-ensure' on `swift-mode-hook'; JSON
;; buffers get nothing from the user. Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'eglot)
(require 'flymake)
(require 'project)
(require 'cl-lib)

(setq mockls-program (getenv "MOCKLS_BIN"))
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun mockls-check-json-diagnostics ()
  "The buffer's flymake diagnostics from mockls as \"LINE:CODE\", in order."
  (let ((found (cl-loop for d in (flymake-diagnostics)
                        for text = (flymake-diagnostic-text d)
                        when (string-match "\\[\\([a-z-]+\\)\\]" text)
                        collect (cons (line-number-at-pos (flymake-diagnostic-beg d)) (match-string 1 text)))))
    (mapconcat (lambda (d) (format "%d:%s" (car d) (cdr d)))
               (sort found (lambda (a b) (or (< (car a) (car b))
                                             (and (= (car a) (car b)) (string< (cdr a) (cdr b))))))
               " ")))

(defun mockls-check-idle ()
  "What Emacs does when the user pauses, which batch mode never does: run the idle timers (eglot sends the buffer's
changes from one, flymake starts checking from another)."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))

(defun mockls-check-wait-diagnostics (expected what)
  (unless (mockls-check-wait (lambda () (mockls-check-idle) (equal (mockls-check-json-diagnostics) expected)) 30)
    (mockls-check-fail "%s: %s, not %s" what (mockls-check-json-diagnostics) expected)))

(defun mockls-check-open (file)
  "Opens FILE as a user would; eglot connects from the command loop's post-command-hook, run here by hand."
  (find-file file)
  (let ((eglot-sync-connect t))
    (run-hooks 'post-command-hook))
  (current-buffer))

(defun mockls-check-program (server)
  (car (process-command (jsonrpc--process server))))

(condition-case err
    (progn
      (add-hook 'swift-mode-hook #'eglot-ensure)
      ;; The fixture, opened alone: mockls, in the Apollo project, told it is JSON.
      (let ((fixture (mockls-check-open (getenv "MOCKLS_FIXTURE"))))
        (let ((server (eglot-current-server)))
          (unless (and server (equal (mockls-check-program server) (getenv "MOCKLS_BIN")))
            (mockls-check-fail "the fixture (%s) got %S" major-mode (and server (process-command (jsonrpc--process server)))))
          (unless (file-equal-p (project-root (eglot--project server)) (getenv "MOCKLS_ROOT"))
            (mockls-check-fail "project %S" (eglot--project server)))
          (unless (equal (plist-get (eglot--TextDocumentItem) :languageId) "json")
            (mockls-check-fail "language id %S" (plist-get (eglot--TextDocumentItem) :languageId))))
        (princ "ok connected\n")
        ;; The same project for the user: eglot's own project is only for eglot.
        (unless (eq (car (project-current)) 'mockls)
          (mockls-check-fail "project-current %S" (project-current)))

        (mockls-check-wait-diagnostics
         "3:fixture-missing-field 7:fixture-wrong-type 8:fixture-unknown-enum-value 11:fixture-unselected-field"
         "fixture diagnostics")
        (princ (format "ok fixture diagnostics %d\n" (length (flymake-diagnostics))))

        ;; The quick fix on the enum value's line, as `M-x eglot-code-actions' offers it (its menu answered here).
        (goto-char (point-min))
        (forward-line 7)
        (let ((offered nil)
              (last-nonmenu-event ?\r))
          (cl-letf (((symbol-function 'completing-read)
                     (lambda (_prompt collection &rest _)
                       (setq offered (mapcar #'car collection))
                       (or (car (member "Replace with \"FICTION\"" offered)) (car offered)))))
            (eglot-code-actions (line-beginning-position) (line-end-position) nil t))
          (unless (equal (buffer-substring (line-beginning-position) (line-end-position)) "      \"genre\": \"FICTION\",")
            (mockls-check-fail "quick fix: offered %S, line 8 %S" offered
                               (buffer-substring (line-beginning-position) (line-end-position)))))
        (princ "ok quick fix Replace with \"FICTION\"\n")

        ;; The diagnostics follow the edits, even with a Swift test of the project open (its own mockls, for Swift).
        (mockls-check-wait-diagnostics "3:fixture-missing-field 7:fixture-wrong-type 11:fixture-unselected-field"
                                       "after the quick fix")
        (mockls-check-open (getenv "MOCKLS_SWIFT"))
        (unless (and (eglot-current-server) (equal (mockls-check-program (eglot-current-server)) (getenv "MOCKLS_BIN")))
          (mockls-check-fail "the Swift test got no mockls"))
        (with-current-buffer fixture
          (goto-char (point-min))
          (forward-line 4)
          (insert "      \"published\": null,\n")
          (mockls-check-wait-diagnostics "8:fixture-wrong-type 12:fixture-unselected-field" "after adding a line")
          ;; Still so a moment later: no other server's diagnostics replace them.
          (accept-process-output nil 2)
          (mockls-check-wait-diagnostics "8:fixture-wrong-type 12:fixture-unselected-field" "a moment later")))
      (princ "ok diagnostics follow edits\n")

      ;; package.json in the project, and JSON outside any Apollo project: no mockls, eglot's settings untouched.
      (dolist (case '(("MOCKLS_PACKAGE" . "package.json") ("MOCKLS_OUTSIDE" . "outside JSON")))
        (with-current-buffer (mockls-check-open (getenv (car case)))
          (when (or (eglot-current-server) (local-variable-p 'eglot-server-programs) mockls--json-project)
            (mockls-check-fail "%s: server %S, local eglot-server-programs %S" (cdr case) (eglot-current-server)
                               (local-variable-p 'eglot-server-programs)))
          (princ (format "ok %s left alone\n" (cdr case)))))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
