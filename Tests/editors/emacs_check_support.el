;;; emacs_check_support.el --- what the Emacs batch checks share -*- lexical-binding: t; -*-

;; swift-mode comes from MELPA, which is not reachable here, and Debian does not package it: a stand-in major mode
;; of the same name, as the only thing not shipped (the editor packages and mockls's files are the real ones).
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift"))

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

(defun mockls-check-open-with-eglot (file)
  "Opens FILE in `swift-mode' as a user would, with `eglot-ensure' on `swift-mode-hook' (the README's set-up).
Eglot connects from the command loop, which batch mode does not run: the loop's post-command-hook is run by hand."
  (find-file file)
  (swift-mode)
  (let ((eglot-sync-connect t))
    (run-hooks 'post-command-hook))
  (unless (eglot-current-server) (mockls-check-fail "eglot did not connect"))
  (princ "ok connected\n"))

(provide 'emacs_check_support)
