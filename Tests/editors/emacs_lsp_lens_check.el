;;; emacs_lsp_lens_check.el --- lsp-mode shows mockls's coverage lenses on a GraphQL document, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls-lsp.el -l Tests/editors/emacs_lsp_lens_check.el
;; with MOCKLS_BIN, MOCKLS_GRAPHQL (a document of the workspace) and MOCKLS_ROOT (the workspace) set. Prints "ok …"
;; per check, or "FAIL …" and exits non-zero.

(require 'lsp-mode)
(require 'lsp-lens)
(require 'cl-lib)

(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(mockls-check-quiet-lsp-mode)
(setq lsp-lens-enable t)

(defun mockls-check-lens-strings ()
  "The lens lines lsp-mode shows in the buffer (without the indentation it lines them up with), by the line
number (1-based) of the field each stands over."
  (sort (mapcar (lambda (ov) (cons (line-number-at-pos (overlay-get ov 'lsp-lens-position))
                                   (string-trim-left (substring-no-properties (overlay-get ov 'lsp-original)))))
                (cl-remove-if-not (lambda (ov) (overlay-get ov 'lsp-original)) (overlays-in (point-min) (point-max))))
        (lambda (a b) (< (car a) (car b)))))

(condition-case err
    (progn
      (lsp-workspace-folders-add (getenv "MOCKLS_ROOT"))
      (add-hook 'graphql-mode-hook #'lsp)
      ;; The fallback graphql-mode of the shipped set-up (no graphql-mode is installed here) starts lsp-mode.
      (find-file (getenv "MOCKLS_GRAPHQL"))
      (unless (mockls-check-wait
               (lambda () (and (lsp-workspaces)
                               (cl-every (lambda (w) (eq (lsp--workspace-status w) 'initialized)) (lsp-workspaces))))
               60)
        (mockls-check-fail "mockls did not start on the GraphQL buffer"))
      (princ "ok started\n")
      ;; lsp-mode asks for lenses when Emacs is idle, which batch mode never is: asked here as its idle timer would,
      ;; until mockls has indexed the workspace.
      (unless (mockls-check-wait
               (lambda ()
                 (or (mockls-check-lens-strings)
                     (progn (lsp-lens-refresh t) nil)))
               30)
        (mockls-check-fail "no lenses"))
      (let ((lenses (mockls-check-lens-strings)))
        (unless (and (equal (cdr (assq 2 lenses)) "set in 3 tests · read in 3")
                     (equal (cdr (assq 4 lenses)) "no test sets or reads this"))
          (mockls-check-fail "lenses: %S" lenses))
        (princ (format "ok lenses %d\n" (length lenses))))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
