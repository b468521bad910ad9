;;; emacs_lsp_json_check.el --- lsp-mode with editors/emacs/mockls-lsp.el: mockls's root, JSON files, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls-lsp.el -l Tests/editors/emacs_lsp_json_check.el
;; with MOCKLS_BIN, MOCKLS_TOP (a git repository's top, with a big folder tree in it), MOCKLS_ROOT (the Bookshelf copy,
;; in that repository), MOCKLS_SWIFT (a test file of it), MOCKLS_FIXTURE (its Tests/Fixtures/BookQuery.json),
;; MOCKLS_PACKAGE (its package.json), MOCKLS_OUTSIDE (a JSON file in the repository, outside any Apollo project) and
;; MOCKLS_LSP_ROOT set: "session" (the repository is the lsp-mode folder the user imported) or "guess"
;; (`lsp-auto-guess-root', which finds the repository too).
;;
;; lsp-mode's root for the Swift test is the repository; mockls's must be the Apollo project, and lsp-mode must not
;; ask to watch the repository's thousand folders for it (it watches files, as a user has it). sourcekit-lsp is left
;; out: its root is lsp-mode's. Then the fixture gets the same mockls and its diagnostics, with no hook of the user's;
;; package.json and the JSON outside the Apollo project get none. Prints "ok …" per check, or "FAIL …" and exits
;; non-zero.

(require 'lsp-mode)
(require 'cl-lib)

(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(mockls-check-quiet-lsp-mode)
(setq lsp-enable-file-watchers t
      lsp-file-watch-threshold 1000
      lsp-disabled-clients '(sourcekit-ls))

;; What lsp-mode would ask: recorded and answered "no" (batch mode cannot answer).
(defvar mockls-check-questions nil)
(advice-add 'lsp--ask-about-watching-big-repo :override
            (lambda (count dir) (push (format "watch %s folders in %s?" count dir) mockls-check-questions) nil))
(advice-add 'yes-or-no-p :override (lambda (prompt) (push prompt mockls-check-questions) nil))
(advice-add 'y-or-n-p :override (lambda (prompt) (push prompt mockls-check-questions) nil))

(defun mockls-check-mockls-workspace ()
  (cl-find 'mockls (lsp-workspaces) :key (lambda (w) (lsp--client-server-id (lsp--workspace-client w)))))

(defun mockls-check-diagnostic-codes (file)
  (sort (mapcar (lambda (d) (format "%s" (lsp:diagnostic-code? d)))
                (gethash (lsp--fix-path-casing file) (lsp-diagnostics t)))
        #'string<))

(condition-case err
    (let ((top (lsp-f-canonical (getenv "MOCKLS_TOP")))
          (root (lsp-f-canonical (getenv "MOCKLS_ROOT"))))
      (pcase (getenv "MOCKLS_LSP_ROOT")
        ("session" (lsp-workspace-folders-add top))
        ("guess" (setq lsp-auto-guess-root t))
        (other (mockls-check-fail "MOCKLS_LSP_ROOT %S" other)))
      (add-hook 'swift-mode-hook #'lsp)

      ;; A Swift test: lsp-mode's folder is the repository, mockls's the Apollo project.
      (find-file (getenv "MOCKLS_SWIFT"))
      (unless (mockls-check-wait (lambda () (let ((w (mockls-check-mockls-workspace)))
                                              (and w (eq (lsp--workspace-status w) 'initialized))))
                                 60)
        (mockls-check-fail "no mockls on the Swift test: %S" (lsp-workspaces)))
      (let ((workspace (mockls-check-mockls-workspace)))
        (unless (equal (lsp-workspace-root) top)
          (mockls-check-fail "lsp-mode's folder %S, not the repository %S" (lsp-workspace-root) top))
        (unless (equal (lsp--workspace-root workspace) root)
          (mockls-check-fail "mockls's root %S, not %S" (lsp--workspace-root workspace) root))
        (princ "ok mockls in the Apollo project, lsp-mode in the repository\n")

        ;; mockls asks to watch its files: lsp-mode watches the Apollo project's folders, and asks nothing.
        (unless (mockls-check-wait (lambda () (gethash root (lsp-session-watches))) 20)
          (mockls-check-fail "no watches for %s: %S; questions %S" root (hash-table-keys (lsp-session-watches))
                             mockls-check-questions))
        (let ((watched (hash-table-count (lsp-watch-descriptors (gethash root (lsp-session-watches))))))
          (when (or mockls-check-questions (gethash top (lsp-session-watches)) (>= watched 100))
            (mockls-check-fail "questions %S, %d folders watched, watches %S" mockls-check-questions watched
                               (hash-table-keys (lsp-session-watches)))))
        (princ "ok watches the Apollo project's folders, no question\n")

        ;; The fixture: lsp-mode started by the set-up, the same mockls, its diagnostics.
        (find-file (getenv "MOCKLS_FIXTURE"))
        (unless (mockls-check-wait (lambda () (eq (mockls-check-mockls-workspace) workspace)) 30)
          (mockls-check-fail "the fixture (%s) got %S" major-mode (lsp-workspaces)))
        (princ "ok one mockls for the project\n")
        (let ((expected '("fixture-missing-field" "fixture-unknown-enum-value" "fixture-unselected-field"
                          "fixture-wrong-type")))
          (unless (mockls-check-wait (lambda () (equal (mockls-check-diagnostic-codes (buffer-file-name)) expected)) 30)
            (mockls-check-fail "fixture diagnostics %S" (mockls-check-diagnostic-codes (buffer-file-name)))))
        (princ "ok fixture diagnostics 4\n")
        (when mockls-check-questions
          (mockls-check-fail "questions %S" mockls-check-questions)))

      ;; package.json in the project, and JSON outside any Apollo project: not mockls's.
      (dolist (case '(("MOCKLS_PACKAGE" . "package.json") ("MOCKLS_OUTSIDE" . "outside JSON")))
        (find-file (getenv (car case)))
        (accept-process-output nil 0.5)
        (when (or (mockls-check-mockls-workspace)
                  (funcall (lsp--client-activation-fn (gethash 'mockls lsp-clients)) (buffer-file-name) major-mode))
          (mockls-check-fail "%s: %S" (cdr case) (lsp-workspaces)))
        (princ (format "ok %s left alone\n" (cdr case))))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
