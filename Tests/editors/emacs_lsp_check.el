;;; emacs_lsp_check.el --- lsp-mode with editors/emacs/mockls-lsp.el: mockls beside sourcekit-lsp, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls-lsp.el -l Tests/editors/emacs_lsp_check.el
;; with MOCKLS_BIN, MOCKLS_FILE (a scenario test file), MOCKLS_ROOT (its workspace) and SOURCEKIT_LSP set.
;; Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'lsp-mode)
(require 'cl-lib)

(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(mockls-check-quiet-lsp-mode)
(setq mockls-lsp-sourcekit-program (getenv "SOURCEKIT_LSP"))

(defun mockls-check-servers ()
  (sort (mapcar (lambda (workspace) (symbol-name (lsp--client-server-id (lsp--workspace-client workspace))))
                (lsp-workspaces))
        #'string<))

(condition-case err
    (progn
      ;; The workspace is the scenario's folder, as a user answers lsp-mode's first question.
      (lsp-workspace-folders-add (getenv "MOCKLS_ROOT"))
      (add-hook 'swift-mode-hook #'lsp)
      ;; No swift-mode is installed here: `auto-mode-alist' gives the file the fallback swift-mode that the shipped
      ;; mockls-lsp.el loads (mockls-fallback-modes.el), whose hook starts lsp-mode.
      (find-file (getenv "MOCKLS_FILE"))
      (mockls-check-fallback 'swift-mode "mockls-fallback-modes.el")
      (princ "ok fallback swift-mode\n")
      (unless (mockls-check-wait
               (lambda () (and (equal (mockls-check-servers) '("mockls" "sourcekit-ls"))
                               (cl-every (lambda (w) (eq (lsp--workspace-status w) 'initialized)) (lsp-workspaces))))
               60)
        (mockls-check-fail "servers on the Swift buffer: %S" (mockls-check-servers)))
      (princ "ok both servers\n")

      ;; A diagnostic of mockls reaches the buffer's diagnostics.
      (let ((file (lsp--fix-path-casing (buffer-file-name))))
        (unless (mockls-check-wait
                 (lambda () (cl-some (lambda (d) (string-match-p "crashes" (lsp:diagnostic-message d)))
                                     (gethash file (lsp-diagnostics t))))
                 30)
          (mockls-check-fail "diagnostics: %S" (gethash file (lsp-diagnostics t))))
        (princ (format "ok diagnostics %d\n" (length (gethash file (lsp-diagnostics t))))))

      ;; Completion inside `Mock<Dog>(' on line 12, asked of mockls.
      (goto-char (point-min))
      (forward-line 11)
      (search-forward "Mock<Dog>(")
      (let* ((mockls (cl-find 'mockls (lsp-workspaces) :key (lambda (w) (lsp--client-server-id (lsp--workspace-client w)))))
             (result (with-lsp-workspace mockls
                       (lsp-request "textDocument/completion" (lsp--text-document-position-params))))
             (items (if (vectorp result) (append result nil) (append (lsp:completion-list-items result) nil)))
             (labels (mapcar #'lsp:completion-item-label items)))
        (unless (and (member "height" labels) (member "birthdate" labels) (not (member "predators" labels)))
          (mockls-check-fail "completion: %S" labels)))
      (princ "ok completion\n")
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
