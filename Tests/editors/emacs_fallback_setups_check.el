;;; emacs_fallback_setups_check.el --- the shared fallback modes with one set-up, both, and the option off -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file [--eval OPTION] -l editors/emacs/mockls.el [-l editors/emacs/mockls-lsp.el]
;;   -l Tests/editors/emacs_fallback_setups_check.el
;; (either set-up, or both in either order), in an Emacs without swift-mode and graphql-mode, with MOCKLS_SETUPS (the
;; set-ups' file names loaded, separated by spaces), MOCKLS_EXPECT_FALLBACK ("yes", or "no" when OPTION turned the
;; fallbacks off), MOCKLS_FILE and MOCKLS_OTHER (two Swift files) and MOCKLS_GRAPHQL (a GraphQL document) set. No
;; server is started: no hook runs eglot or lsp-mode. Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'cl-lib)
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun mockls-check-loads-of (file-name)
  "How many entries of `load-history' are for a file named FILE-NAME (any suffix)."
  (cl-count-if (lambda (entry) (and (stringp (car entry))
                                    (equal (file-name-sans-extension (file-name-nondirectory (car entry))) file-name)))
               load-history))

(condition-case err
    (let ((setups (split-string (getenv "MOCKLS_SETUPS")))
          (expect (equal (getenv "MOCKLS_EXPECT_FALLBACK") "yes")))
      ;; One file, loaded once, whichever set-ups loaded it.
      (unless (featurep 'mockls-fallback-modes) (mockls-check-fail "mockls-fallback-modes is not loaded"))
      (unless (= (mockls-check-loads-of "mockls-fallback-modes") 1)
        (mockls-check-fail "mockls-fallback-modes.el loaded %d times" (mockls-check-loads-of "mockls-fallback-modes")))
      (dolist (setup setups)
        (unless (= (mockls-check-loads-of (file-name-sans-extension setup)) 1)
          (mockls-check-fail "%s loaded %d times" setup (mockls-check-loads-of (file-name-sans-extension setup)))))
      (princ "ok loaded once\n")

      ;; One option, shown in the group of each set-up loaded; the lsp set-up's old name is an obsolete alias of it.
      (unless (custom-variable-p 'mockls-fallback-modes) (mockls-check-fail "mockls-fallback-modes is no user option"))
      (unless (eq (indirect-variable 'mockls-lsp-fallback-modes) 'mockls-fallback-modes)
        (mockls-check-fail "mockls-lsp-fallback-modes is not an alias of mockls-fallback-modes"))
      (unless (get 'mockls-lsp-fallback-modes 'byte-obsolete-variable)
        (mockls-check-fail "mockls-lsp-fallback-modes is not marked obsolete"))
      (dolist (setup setups)
        (let ((group (intern (file-name-sans-extension setup))))
          (unless (member '(mockls-fallback-modes custom-variable) (get group 'custom-group))
            (mockls-check-fail "mockls-fallback-modes is not in the customization group %s" group))))
      (unless (eq (not (not mockls-fallback-modes)) expect)
        (mockls-check-fail "mockls-fallback-modes is %S" mockls-fallback-modes))
      (princ "ok one option\n")

      (if (not expect)
          (progn
            (when (or (fboundp 'swift-mode) (fboundp 'graphql-mode)
                      (rassq 'swift-mode auto-mode-alist) (rassq 'graphql-mode auto-mode-alist))
              (mockls-check-fail "fallbacks defined although turned off"))
            (princ "ok no fallback\n"))
        ;; Each fallback defined once (one `auto-mode-alist' entry), from the shared file; its hint once per mode.
        (dolist (mode '(swift-mode graphql-mode))
          (unless (= (cl-count mode auto-mode-alist :key #'cdr) 1)
            (mockls-check-fail "%d auto-mode-alist entries for %s" (cl-count mode auto-mode-alist :key #'cdr) mode)))
        (dolist (file (list (getenv "MOCKLS_FILE") (getenv "MOCKLS_OTHER")))
          (find-file file)
          (mockls-check-fallback 'swift-mode "mockls-fallback-modes.el")
          (unless (eq (key-binding (kbd "C-M-i")) #'completion-at-point)
            (mockls-check-fail "C-M-i runs %S" (key-binding (kbd "C-M-i")))))
        (find-file (getenv "MOCKLS_GRAPHQL"))
        (mockls-check-fallback 'graphql-mode "mockls-fallback-modes.el")
        (princ "ok fallbacks once\n"))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
