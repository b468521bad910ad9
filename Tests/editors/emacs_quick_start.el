;;; emacs_quick_start.el --- the README's Quick Start in Emacs, from a fresh home folder -*- lexical-binding: t; -*-

;; HOME is a new folder whose ~/.emacs.d/init.el holds the README's Emacs (eglot) snippet, word for word; mockls is
;; on PATH as `mockls', where `make install' puts it. This file only drives what a user does by hand: open the
;; Quick Start's file and look at line 28. Batch mode runs no command loop, so the hook eglot connects from is run
;; by hand. Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'flymake)
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(condition-case err
    (progn
      (load (expand-file-name "~/.emacs.d/init.el") nil t)
      (mockls-check-open-with-eglot (getenv "MOCKLS_FILE"))
      (unless (mockls-check-wait
               (lambda () (seq-some (lambda (d)
                                      (and (= (line-number-at-pos (flymake-diagnostic-beg d)) 28)
                                           (string-match-p "reading `name` crashes" (flymake-diagnostic-text d))))
                                    (flymake-diagnostics)))
               ;; The project is the repository, a dozen projects to index: a debug build takes half a minute.
               90)
        (mockls-check-fail "no crash warning on line 28: %S"
                           (mapcar (lambda (d) (cons (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d)))
                                   (flymake-diagnostics))))
      (princ "ok line 28\n")
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
