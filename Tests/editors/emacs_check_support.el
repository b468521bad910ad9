;;; emacs_check_support.el --- what the Emacs batch checks share -*- lexical-binding: t; -*-

;; swift-mode comes from MELPA, which is not reachable here, and Debian does not package it: the Swift buffers are
;; in the fallback swift-mode the shipped set-ups define then (in mockls-fallback-modes.el, which both load), chosen
;; by `auto-mode-alist' as for a user.

(defun mockls-check-fail (format-string &rest args)
  "Prints FAIL and the message, and ends Emacs with status 1."
  (princ (concat "FAIL " (apply #'format format-string args) "\n"))
  (kill-emacs 1))

(defun mockls-check-wait (predicate seconds)
  "Runs the event loop until PREDICATE holds or SECONDS pass."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(defun mockls-check-defined-in (function)
  "The name of the file FUNCTION was defined by (`symbol-file'), without its folder, or nil."
  (let ((file (symbol-file function 'defun)))
    (and (stringp file) (file-name-nondirectory file))))

(defun mockls-check-hints (mode)
  "How many times *Messages* holds the shipped set-up's hint about the fallback MODE."
  (with-current-buffer (messages-buffer)
    (let ((count 0))
      (save-excursion
        (goto-char (point-min))
        (while (re-search-forward (format "^mockls: %s is not installed.*C-M-i" mode) nil t)
          (setq count (1+ count))))
      count)))

(defun mockls-check-fallback (mode file-name)
  "Fails unless the current buffer is in MODE, derived from `prog-mode', as the fallback FILE-NAME (the shipped
mockls-fallback-modes.el) defines it, and *Messages* holds the hint about it once."
  (unless (and (eq major-mode mode) (derived-mode-p 'prog-mode) (equal (mockls-check-defined-in mode) file-name))
    (mockls-check-fail "%s: major mode %S, %S defined by %S, not the fallback of %s"
                       (buffer-name) major-mode mode (mockls-check-defined-in mode) file-name))
  (unless (= (mockls-check-hints mode) 1)
    (mockls-check-fail "%d hints about %s in *Messages*: %s" (mockls-check-hints mode) mode
                       (with-current-buffer (messages-buffer) (buffer-string)))))

(defun mockls-check-open-with-eglot (file)
  "Opens FILE as a user would, in the major mode `auto-mode-alist' gives it, with `eglot-ensure' on its hook (the
README's set-up: `swift-mode-hook'). Eglot connects from the command loop, which batch mode does not run: the loop's
post-command-hook is run by hand."
  (find-file file)
  (let ((eglot-sync-connect t))
    (run-hooks 'post-command-hook))
  (unless (eglot-current-server) (mockls-check-fail "eglot did not connect"))
  (princ "ok connected\n"))

;; lsp-mode in batch: no session file of the user's, no prompts (batch mode cannot answer them), nothing but what a
;; check asks for.
(defvar lsp-session-file)
(defun mockls-check-quiet-lsp-mode ()
  "Sets lsp-mode up for a batch check: mockls from MOCKLS_BIN, no session file, no prompts, no UI extras."
  (setq mockls-lsp-program (getenv "MOCKLS_BIN")
        lsp-session-file (expand-file-name "session" (make-temp-file "lsp-session" t))
        lsp-restart 'ignore
        lsp-enable-snippet nil
        lsp-diagnostics-provider :none
        lsp-completion-provider :none
        lsp-headerline-breadcrumb-enable nil
        lsp-modeline-code-actions-enable nil
        lsp-modeline-diagnostics-enable nil
        lsp-modeline-workspace-status-enable nil
        lsp-lens-enable nil
        lsp-enable-file-watchers nil
        lsp-log-io nil))

(provide 'emacs_check_support)
