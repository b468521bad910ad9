;;; emacs_installed_mode_check.el --- an installed swift-mode and graphql-mode win over the shipped fallbacks -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -L STUBS -l editors/emacs/mockls.el -l Tests/editors/emacs_installed_mode_check.el
;; (or mockls-lsp.el; or with STUBS put on `load-path' or activated at another time of start-up), where STUBS is a
;; folder with stand-ins for MELPA's packages: swift-mode.el and graphql-mode.el, each defining its mode and
;; providing its feature, and their autoloads files (swift-mode-autoloads.el, graphql-mode-autoloads.el) as
;; package.el activates them. MOCKLS_FILE is a Swift test file, MOCKLS_GRAPHQL a GraphQL document. Prints "ok …"
;; per check, or "FAIL …" and exits non-zero.

(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(condition-case err
    (progn
      ;; The packages are activated, as package.el does at start-up: their autoloads are loaded (again, if they
      ;; were before the set-up). An autoload does not replace a function already defined, a fallback included.
      (load "swift-mode-autoloads" nil t)
      (load "graphql-mode-autoloads" nil t)
      (dolist (file (list (getenv "MOCKLS_FILE") (getenv "MOCKLS_GRAPHQL")))
        (find-file file)
        (let* ((mode major-mode)
               (library (concat (symbol-name mode) ".el")))
          (unless (and (memq mode '(swift-mode graphql-mode)) (equal (mockls-check-defined-in mode) library))
            (mockls-check-fail "%s is in %S, defined by %S, not the installed one"
                               (buffer-name) mode (mockls-check-defined-in mode)))
          (unless (zerop (mockls-check-hints mode))
            (mockls-check-fail "a hint about a fallback %s: %s" mode (with-current-buffer (messages-buffer) (buffer-string))))
          (princ (format "ok %s wins\n" library))))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
