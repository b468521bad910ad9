;;; emacs_lsp_log_check.el --- the README's lsp-mode log commands, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls-lsp.el -l Tests/editors/emacs_lsp_log_check.el
;; with MOCKLS_BIN, MOCKLS_FILE (a Bookshelf test) and MOCKLS_ROOT set. As the README says: mockls's own messages
;; are in `*lsp-log*'; with `lsp-log-io', `lsp-workspace-show-log' shows the messages exchanged (mockls's handshake).
;; Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'lsp-mode)
(require 'cl-lib)

(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(mockls-check-quiet-lsp-mode)
(setq mockls-lsp-register-sourcekit nil
      lsp-log-io t)

(condition-case err
    (progn
      (lsp-workspace-folders-add (getenv "MOCKLS_ROOT"))
      (add-hook 'swift-mode-hook #'lsp)
      (find-file (getenv "MOCKLS_FILE"))
      (let ((mockls nil))
        (unless (mockls-check-wait
                 (lambda ()
                   (setq mockls (cl-find 'mockls (lsp-workspaces) :key (lambda (w) (lsp--client-server-id (lsp--workspace-client w)))))
                   (and mockls (eq (lsp--workspace-status mockls) 'initialized)))
                 60)
          (mockls-check-fail "mockls did not start: %S" (lsp-workspaces)))
        ;; mockls logs "initialized by …" at info level, which the client gets as window/logMessage.
        (unless (mockls-check-wait
                 (lambda () (and (get-buffer "*lsp-log*")
                                 (with-current-buffer "*lsp-log*" (string-match-p "initialized by" (buffer-string)))))
                 20)
          (mockls-check-fail "*lsp-log*: %S" (and (get-buffer "*lsp-log*") (with-current-buffer "*lsp-log*" (buffer-string)))))
        (princ "ok lsp-log\n")
        ;; `M-x lsp-workspace-show-log' (one workspace: no question asked).
        (let ((shown (save-window-excursion (lsp-workspace-show-log mockls) (current-buffer))))
          (unless (mockls-check-wait
                   (lambda () (with-current-buffer shown (string-match-p "initialize" (buffer-string))))
                   10)
            (mockls-check-fail "%s: %S" (buffer-name shown) (with-current-buffer shown (buffer-string)))))
        (princ "ok show-log\n"))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
