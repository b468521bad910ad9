;;; emacs_fallback_check.el --- editors/emacs/mockls.el's fallback swift-mode and graphql-mode, in batch -*- lexical-binding: t; -*-

;; The fallbacks are in editors/emacs/mockls-fallback-modes.el, which mockls.el (and mockls-lsp.el) loads.

;; emacs --batch --no-init-file -l editors/emacs/mockls.el -l Tests/editors/emacs_fallback_check.el
;; in an Emacs without swift-mode and graphql-mode (Debian's: MELPA has them), with MOCKLS_BIN, MOCKLS_ROOT (a copy of
;; Examples/Bookshelf), MOCKLS_FILE (its BookQueryTests.swift), MOCKLS_OTHER (another of its test files) and
;; MOCKLS_GRAPHQL (one of its GraphQL documents) set. Prints "ok …" per check, or "FAIL …" and exits non-zero.

(require 'eglot)
(require 'project)
(require 'cl-lib)

(setq mockls-program (getenv "MOCKLS_BIN"))
(load (expand-file-name "emacs_check_support.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun mockls-check-face (text face)
  "Fails unless the first TEXT after point has FACE once fontified."
  (save-excursion
    (font-lock-ensure)
    (search-forward text)
    (let ((found (get-text-property (match-beginning 0) 'face)))
      (unless (eq found face) (mockls-check-fail "%s: %S is %S, not %S" major-mode text found face)))))

(defun mockls-check-indentation ()
  "Fails unless the current buffer's text, its indentation taken out, comes back as it is from `indent-region'."
  (let ((text (buffer-substring-no-properties (point-min) (point-max)))
        (mode major-mode))
    (with-temp-buffer
      (insert (replace-regexp-in-string "^[ \t]+" "" text))
      (delay-mode-hooks (funcall mode))
      (let ((inhibit-message t)) (indent-region (point-min) (point-max)))
      (unless (string= (buffer-string) text)
        (mockls-check-fail "%s indents it as:\n%s" mode (buffer-string))))))

(condition-case err
    (progn
      (when (locate-library "swift-mode")
        (mockls-check-fail "a swift-mode is installed (%s): this check is for an Emacs without one"
                           (locate-library "swift-mode")))
      ;; The README's set-up, and the same for GraphQL documents.
      (add-hook 'swift-mode-hook #'eglot-ensure)
      (add-hook 'graphql-mode-hook #'eglot-ensure)

      ;; A Swift test file: in the fallback swift-mode of mockls-fallback-modes.el (loaded by mockls.el), which says so
      ;; once, and eglot starts mockls.
      (mockls-check-open-with-eglot (getenv "MOCKLS_FILE"))
      (let ((root (project-root (project-current))))
        (unless (file-equal-p root (getenv "MOCKLS_ROOT"))
          (mockls-check-fail "project root %s, not %s" root (getenv "MOCKLS_ROOT"))))
      (mockls-check-fallback 'swift-mode "mockls-fallback-modes.el")
      (unless (string-match-p "package-install RET swift-mode"
                              (with-current-buffer (messages-buffer) (buffer-string)))
        (mockls-check-fail "the hint does not say how to install swift-mode"))
      (princ "ok fallback swift-mode\n")

      ;; What the fallback knows: spaces, comments, strings, keywords, indentation by brackets.
      (unless (and (null indent-tabs-mode) (= tab-width 4) (equal comment-start "// "))
        (mockls-check-fail "indent-tabs-mode %S, tab-width %S, comment-start %S" indent-tabs-mode tab-width comment-start))
      (save-excursion
        (goto-char (point-min))
        (search-forward "// Apollo")
        (unless (nth 4 (syntax-ppss)) (mockls-check-fail "`// Apollo' is not a comment"))
        (search-forward "\"Kindr")
        (unless (nth 3 (syntax-ppss)) (mockls-check-fail "`\"Kindred\"' is not a string")))
      (with-temp-buffer
        (delay-mode-hooks (swift-mode))
        (insert "/* a /* nested */ comment */ let x = 1")
        (unless (and (nth 4 (syntax-ppss 20)) (not (nth 4 (syntax-ppss 31))))
          (mockls-check-fail "nested block comments: %S %S" (syntax-ppss 20) (syntax-ppss 31))))
      (goto-char (point-min))
      (mockls-check-face "func" 'font-lock-keyword-face)
      (mockls-check-face "testTitleAndAuthor" 'font-lock-function-name-face)
      (mockls-check-indentation)
      (princ "ok swift editing\n")

      ;; The key the hint names completes: after `Mock<Book>(', C-M-i lists the mock's labels, from mockls.
      (goto-char (point-min))
      (search-forward "let book = Mock<Book>(")
      (let ((command (key-binding (kbd "C-M-i"))))
        (unless (eq command #'completion-at-point)
          (mockls-check-fail "C-M-i runs %S, not completion-at-point" command))
        (let ((completion-auto-help t)
              (inhibit-message t))
          (call-interactively command)))
      (let ((listed (and (get-buffer "*Completions*")
                         (with-current-buffer "*Completions*" (buffer-string)))))
        (unless (and listed (cl-every (lambda (label) (string-match-p (regexp-quote label) listed))
                                      '("author" "coAuthors" "genre" "rating" "title")))
          (mockls-check-fail "C-M-i after `Mock<Book>(' lists: %S" listed)))
      (when (buffer-modified-p) (mockls-check-fail "completion changed the buffer"))
      (princ "ok C-M-i completion\n")

      ;; Another Swift file: the same fallback, the hint not again.
      (let ((swift-server (eglot-current-server)))
        (find-file (getenv "MOCKLS_OTHER"))
        (mockls-check-fallback 'swift-mode "mockls-fallback-modes.el")
        (princ "ok hint once\n")

        ;; A GraphQL document: the fallback graphql-mode, managed by the same mockls.
        (mockls-check-open-with-eglot (getenv "MOCKLS_GRAPHQL"))
        (mockls-check-fallback 'graphql-mode "mockls-fallback-modes.el")
        (unless (and (null indent-tabs-mode) (= tab-width 2) (equal comment-start "# "))
          (mockls-check-fail "indent-tabs-mode %S, tab-width %S, comment-start %S" indent-tabs-mode tab-width comment-start))
        (goto-char (point-min))
        (mockls-check-face "query" 'font-lock-keyword-face)
        (mockls-check-indentation)
        (unless (eq (eglot-current-server) swift-server)
          (mockls-check-fail "the GraphQL document has server %S, the Swift files %S" (eglot-current-server) swift-server)))
      (princ "ok fallback graphql-mode\n")
      (kill-emacs 0))
  (error (mockls-check-fail "%S" err)))
