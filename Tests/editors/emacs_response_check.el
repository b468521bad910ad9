;;; emacs_response_check.el --- eglot: "Write the JSON response" and document highlights, in batch -*- lexical-binding: t; -*-

;; emacs --batch --no-init-file -l editors/emacs/mockls.el -l Tests/editors/emacs_response_check.el
;; with MOCKLS_BIN and MOCKLS_FILE (a Bookshelf test whose line MOCKLS_LINE builds `SearchQuery.Data.from(mock)') set.
;; eglot declares no resource operations: the action carries `mockls.writeResponse', which eglot asks the server to
;; run, and the server writes the file. The same for another action the server runs as a command: MOCKLS_ACTION (its
;; title), MOCKLS_WRITTEN (the file it writes beside the test) and MOCKLS_CONTAINS (text the file holds); the highlight
;; is asked only on the response's line. Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'eglot)
(require 'flymake)

(setq mockls-program (getenv "MOCKLS_BIN"))
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(condition-case err
    (progn
      (add-hook 'swift-mode-hook #'eglot-ensure)
      (mockls-check-open-with-eglot (getenv "MOCKLS_FILE"))
      (goto-char (point-min))
      (forward-line (1- (string-to-number (getenv "MOCKLS_LINE"))))
      (back-to-indentation)
      ;; As `M-x eglot-code-actions' at the line, the action picked from the prompt. The workspace is indexed in the
      ;; background: ask until the action is there.
      (let* ((title (or (getenv "MOCKLS_ACTION") "Write the JSON response to SearchQuery.json"))
             (titles nil)
             (offered (mockls-check-wait
                       (lambda ()
                         (setq titles (mapcar (lambda (a) (plist-get a :title)) (eglot-code-actions (point) nil nil nil)))
                         (member title titles))
                       30)))
        (unless offered (mockls-check-fail "no action %s: %S" title titles))
        (princ "ok offered\n")
        ;; The pick: a menu when the last event was a mouse click (or, in batch, none), else the prompt.
        (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) title))
                  ((symbol-function 'x-popup-menu)
                   (lambda (_event menu) (cdr (assoc title (cdr (cadr menu)))))))
          (eglot-code-actions (point) nil nil t)))
      (let ((written (expand-file-name (or (getenv "MOCKLS_WRITTEN") "SearchQuery.json") (file-name-directory (getenv "MOCKLS_FILE"))))
            (contains (regexp-quote (or (getenv "MOCKLS_CONTAINS") "\"data\""))))
        (unless (mockls-check-wait (lambda () (file-exists-p written)) 10)
          (mockls-check-fail "nothing written at %s" written))
        (unless (string-match-p contains (with-temp-buffer (insert-file-contents written) (buffer-string)))
          (mockls-check-fail "written: %s" (with-temp-buffer (insert-file-contents written) (buffer-string))))
        (princ "ok written\n"))
      ;; documentHighlight, as eglot asks when the cursor rests: on `mock' of `from(mock)', its uses in the test.
      (unless (getenv "MOCKLS_ACTION")
        (search-forward "from(mock")
        (backward-char 2)
        (let ((highlights (jsonrpc-request (eglot-current-server) :textDocument/documentHighlight (eglot--TextDocumentPositionParams))))
          (unless (vectorp highlights) (mockls-check-fail "documentHighlight: %S" highlights)))
        (princ "ok highlight answered\n"))
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
