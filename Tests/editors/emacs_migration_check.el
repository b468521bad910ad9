;;; emacs_migration_check.el --- eglot: Apollo iOS 2 errors and the file's migration, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls.el -l Tests/editors/emacs_migration_check.el
;; with MOCKLS_BIN, MOCKLS_FILE (a 1.x test file of a project pinned to Apollo iOS 2) and MOCKLS_ROOT set.
;; Flymake shows mockls's `sync-from' errors; `eglot-code-actions' at the first, with "Migrate this file to Apollo iOS 2"
;; picked from its menu (completing-read, answered here), rewrites the buffer; the errors go.
;; Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'eglot)
(require 'flymake)
(require 'cl-lib)

(setq mockls-program (getenv "MOCKLS_BIN"))
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun mockls-check-apollo-2-errors ()
  (seq-filter (lambda (d) (string-match-p "in Apollo iOS 2" (flymake-diagnostic-text d))) (flymake-diagnostics)))

(condition-case err
    (progn
      (add-hook 'swift-mode-hook #'eglot-ensure)
      (mockls-check-open-with-eglot (getenv "MOCKLS_FILE"))
      (unless (mockls-check-wait (lambda () (>= (length (mockls-check-apollo-2-errors)) 4)) 30)
        (mockls-check-fail "diagnostics: %S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
      (let ((first (car (sort (mockls-check-apollo-2-errors)
                              (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))))
        (unless (memq (flymake-diagnostic-type first) (list :error (quote eglot-error)))
          (mockls-check-fail "not an error: %S" (flymake-diagnostic-type first)))
        (princ (format "ok apollo 2 errors %d\n" (length (mockls-check-apollo-2-errors))))
        ;; The code actions at the error, the file's migration picked as a user picks it from the menu.
        (let ((offered nil))
          (cl-letf (((symbol-function 'completing-read)
                     (lambda (_prompt collection &rest _)
                       (setq offered (mapcar #'car collection))
                       (or (seq-find (lambda (title) (string-match-p "Migrate this file to Apollo iOS 2" title)) offered)
                           (mockls-check-fail "offered: %S" offered))))
                    ((symbol-function 'y-or-n-p) (lambda (&rest _) t)))
            (let ((last-nonmenu-event ?\r)) ; a key, not a mouse click: the menu is read with completing-read
              (eglot-code-actions (flymake-diagnostic-beg first) (flymake-diagnostic-end first) nil t)))))
      (let ((text (buffer-substring-no-properties (point-min) (point-max))))
        (dolist (expected '("func testName() async {" "let data = await DogQuery.Data.from("
                            "let result = GraphQLResponse<DogQuery>(data: data," "func makeData() async -> DogQuery.Data {"
                            "let data = await makeData()"))
          (unless (string-search expected text)
            (mockls-check-fail "missing %s in %s" expected text))))
      (princ "ok quick fix migrates the file\n")
      ;; Eglot tells the server of the edit from an idle timer, which batch mode (no command loop) never runs: as it.
      (eglot--signal-textDocument/didChange)
      (unless (mockls-check-wait (lambda () (null (mockls-check-apollo-2-errors))) 15)
        (mockls-check-fail "the errors stayed: %S" (mapcar #'flymake-diagnostic-text (mockls-check-apollo-2-errors))))
      (princ "ok the errors go\n")
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
