;;; emacs_check.el --- eglot with editors/emacs/mockls.el against mockls, in batch -*- lexical-binding: t; -*-

;; emacs -Q --batch -l editors/emacs/mockls.el -l Tests/editors/emacs_check.el
;; with MOCKLS_BIN, MOCKLS_FILE (a scenario test file) and MOCKLS_ROOT (its workspace) set.
;; Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'eglot)
(require 'flymake)
(require 'project)

(setq mockls-program (getenv "MOCKLS_BIN"))
;; The project is found by the shipped `mockls-project-find' (the workspace copy has no version control), not
;; forced.
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(condition-case err
    (progn
      ;; As the README says: eglot-ensure on swift-mode-hook.
      (add-hook 'swift-mode-hook #'eglot-ensure)
      (mockls-check-open-with-eglot (getenv "MOCKLS_FILE"))
      ;; The project the shipped finder chose: the folder of the Apollo configuration, not the test's own folder.
      (let ((root (project-root (project-current))))
        (unless (file-equal-p root (getenv "MOCKLS_ROOT"))
          (mockls-check-fail "project root %s, not %s" root (getenv "MOCKLS_ROOT"))))
      (princ "ok project root\n")

      ;; A diagnostic of mockls reaches flymake.
      (unless (mockls-check-wait
               (lambda () (seq-some (lambda (d) (string-match-p "unset-field-read\\|crashes" (flymake-diagnostic-text d)))
                                    (flymake-diagnostics)))
               30)
        (mockls-check-fail "diagnostics: %S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
      (princ (format "ok diagnostics %d\n" (length (flymake-diagnostics))))

      ;; Completion inside `Mock<Dog>(' on line 12.
      (goto-char (point-min))
      (forward-line 11)
      (search-forward "Mock<Dog>(")
      (let* ((server (eglot-current-server))
             (result (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
             (items (if (vectorp result) result (plist-get result :items)))
             (labels (mapcar (lambda (item) (plist-get item :label)) items)))
        ;; Before `id:', only the parameters that come before `id' compile there: `height', not `predators'.
        (unless (and (member "height" labels) (member "birthdate" labels) (not (member "predators" labels)))
          (mockls-check-fail "completion: %S" labels)))
      (princ "ok completion\n")
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
