;;; mockls-fallback-modes.el --- minimal swift-mode and graphql-mode for mockls's Emacs set-ups -*- lexical-binding: t; -*-

;;; Commentary:

;; Swift buffers want `swift-mode', which comes from MELPA (`M-x package-install RET swift-mode', with MELPA in
;; `package-archives'); Emacs 29+ also has `swift-ts-mode' packages. GraphQL documents want `graphql-mode' (MELPA
;; too). Without them (MELPA is not reachable everywhere, and Debian packages neither), this file defines minimal
;; fallbacks, derived from `prog-mode': a `swift-mode' for `.swift' files and a `graphql-mode' for `.graphql',
;; `.graphqls' and `.gql' files, with comments, strings, keywords and indentation by brackets, so that the client
;; (eglot with mockls.el, lsp-mode with mockls-lsp.el) starts mockls for them. The first buffer in a fallback says so
;; in the echo area (and `*Messages*'), once per mode.
;;
;; A fallback is only defined when no mode of that name is defined or on `load-path' (checked when this file is
;; loaded, or at the end of start-up when the init file loads it), so an installed swift-mode or graphql-mode always
;; wins: nothing of a real swift-mode's (its keymap, its hook's contents, its `auto-mode-alist' entry) is touched then.
;; `mockls-fallback-modes' nil, set before loading, turns the fallbacks off.
;;
;; Completion: eglot and lsp-mode both complete through `completion-at-point', on `C-M-i' (the same key as `M-TAB',
;; or `ESC TAB' in a terminal), which the fallback modes bind: after `Mock<Book>(', `C-M-i' lists the mock's labels.
;; `company-mode' or `corfu' show the same completions as you type.
;;
;; mockls.el and mockls-lsp.el load this file from their own folder (or from `load-path'); loading either of them,
;; or both, defines the fallbacks once.

;;; Code:

(defgroup mockls-fallback-modes nil
  "Minimal `swift-mode' and `graphql-mode' for mockls, when none is installed."
  :group 'languages
  :prefix "mockls-fallback-modes")

;; mockls-lsp.el's name for the option, before both set-ups shared it. Declared before the option, so that a value
;; given to the old name before loading is the option's value.
(define-obsolete-variable-alias 'mockls-lsp-fallback-modes 'mockls-fallback-modes "0.1.0")

(defcustom mockls-fallback-modes t
  "Non-nil: define minimal `swift-mode' and `graphql-mode' if not installed.
A fallback is defined only for a mode that is neither defined nor a library
on `load-path' (see `locate-library'), checked when mockls.el or
mockls-lsp.el is loaded, or at the end of start-up (`after-init-hook') when
the init file loads it: a swift-mode or graphql-mode installed from MELPA
always wins.  Set this before loading the file.  Both mockls.el (eglot) and
mockls-lsp.el (lsp-mode) obey it; `mockls-lsp-fallback-modes' is its old,
obsolete name."
  :type 'boolean
  :group 'mockls-fallback-modes)

(defvar mockls-fallback-modes--hinted nil
  "The fallback modes whose hint has been shown already.")

(defun mockls-fallback-modes--installed-p (mode)
  "Whether major mode MODE is defined, or a library of its name is on `load-path'."
  (or (fboundp mode) (locate-library (symbol-name mode))))

(defun mockls-fallback-modes--hint (mode)
  "Say once that fallback MODE is in use, how to replace it, how to complete.
The message goes to the echo area and `*Messages*'."
  (unless (memq mode mockls-fallback-modes--hinted)
    (push mode mockls-fallback-modes--hinted)
    (message "mockls: %s is not installed, so mockls's minimal one is used; for the full mode, M-x package-install RET %s (MELPA) and restart Emacs. Complete with C-M-i (M-TAB, `completion-at-point')."
             mode mode)))

(defun mockls-fallback-modes--indent-line ()
  "Indent the current line by its brackets, for the fallback modes.
The line goes `tab-width' columns deeper than the line of the innermost
open bracket.  A line that starts with the closing bracket lines up with
that line, and so do `case' and `default' lines in a `switch'.  Lines that
start inside a string or a comment are left alone."
  (let* ((offset (- (current-column) (current-indentation)))
         (column (save-excursion
                   (back-to-indentation)
                   (let* ((ppss (syntax-ppss))
                          (open (nth 1 ppss))
                          (flush (or (looking-at-p "\\s)")
                                     (and (looking-at-p "\\(?:case\\|default\\)\\_>")
                                          open
                                          (save-excursion (goto-char open) (back-to-indentation)
                                                          (looking-at-p "switch\\_>"))))))
                     (cond ((nth 8 ppss) nil)
                           ((null open) 0)
                           (t (goto-char open)
                              (+ (current-indentation) (if flush 0 tab-width))))))))
    (if (null column)
        'noindent
      (indent-line-to column)
      (when (> offset 0) (forward-char offset)))))

(defconst mockls-fallback-modes--swift-keywords
  '("actor" "any" "as" "associatedtype" "async" "await" "borrowing" "break" "case" "catch" "class" "consume"
    "consuming" "continue" "convenience" "default" "defer" "deinit" "didSet" "do" "dynamic" "else" "enum"
    "extension" "fallthrough" "fileprivate" "final" "for" "func" "get" "guard" "if" "import" "in" "indirect"
    "infix" "init" "inout" "internal" "is" "lazy" "let" "macro" "mutating" "nonisolated" "nonmutating" "open"
    "operator" "optional" "override" "package" "postfix" "precedencegroup" "prefix" "private" "protocol" "public"
    "repeat" "required" "rethrows" "return" "self" "Self" "set" "some" "static" "struct" "subscript" "super"
    "switch" "throw" "throws" "try" "typealias" "unowned" "var" "weak" "where" "while" "willSet")
  "Keywords the fallback `swift-mode' highlights.")

(defconst mockls-fallback-modes--swift-font-lock-keywords
  `((,(regexp-opt '("true" "false" "nil") 'symbols) . font-lock-constant-face)
    (,(regexp-opt mockls-fallback-modes--swift-keywords 'symbols) . font-lock-keyword-face)
    ("[@#][[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\_<func\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-function-name-face)
    ("\\_<\\(?:let\\|var\\)\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `swift-mode' highlights.")

(defvar mockls-fallback-modes--swift-syntax-table
  (let ((table (make-syntax-table prog-mode-syntax-table)))
    ;; `//' to the end of the line (style b); `/* */' (style a), nested as Swift nests them.
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23n" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?$ "_" table)
    (dolist (char '(?+ ?- ?= ?< ?> ?& ?| ?% ?! ?? ?^ ?~ ?. ?, ?: ?\; ?@ ?# ?'))
      (modify-syntax-entry char "." table))
    table)
  "Syntax table of the fallback `swift-mode'.")

(defconst mockls-fallback-modes--graphql-font-lock-keywords
  `((,(regexp-opt '("true" "false" "null") 'symbols) . font-lock-constant-face)
    (,(regexp-opt '("query" "mutation" "subscription" "fragment" "on" "type" "interface" "union" "enum" "input"
                    "scalar" "schema" "extend" "directive" "implements" "repeatable")
                  'symbols)
     . font-lock-keyword-face)
    ("@[[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\$[[:alpha:]_][[:alnum:]_]*" . font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `graphql-mode' highlights.")

(defvar mockls-fallback-modes--graphql-syntax-table
  (let ((table (make-syntax-table prog-mode-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "_" table)
    (dolist (char '(?! ?$ ?& ?: ?= ?@ ?| ?. ?,))
      (modify-syntax-entry char "." table))
    table)
  "Syntax table of the fallback `graphql-mode'.")

(defmacro mockls-fallback-modes--define-mode (mode name &rest props)
  "Define the fallback major MODE, named NAME in the mode line.
MODE derives from `prog-mode', indents by brackets, shows its hint once,
binds `C-M-i' to `completion-at-point' in its keymap, and is appended to
`auto-mode-alist' for the file names its :files regexp matches.  PROPS give
the rest: :syntax-table (a variable), :comment-start, :comment-start-skip,
:font-lock-keywords (a variable), :tab-width and :files.  It does not check
whether MODE is installed: `mockls-fallback-modes--define' does."
  (declare (indent 2) (debug (symbolp stringp &rest [keywordp form])))
  (dolist (key '(:syntax-table :comment-start :comment-start-skip :font-lock-keywords :tab-width :files))
    (unless (plist-get props key) (error "mockls-fallback-modes--define-mode %s: no %s" mode key)))
  (let ((map (intern (format "%s-map" mode))))
    ;; The docstring is built here, when the macro expands: `define-derived-mode' wants a string, not a form.
    `(progn
       (define-derived-mode ,mode prog-mode ,name
         ,(format "Minimal %s mode, from mockls: %s is not installed.
It knows comments, strings and keywords, and indents by brackets.  For the
full mode, install `%s' from MELPA and restart Emacs.
\\<%s>\\[completion-at-point] completes (`completion-at-point'), through eglot or lsp-mode.

\\{%s}"
                  name mode mode map map)
         :syntax-table ,(plist-get props :syntax-table)
         :abbrev-table nil
         (setq-local comment-start ,(plist-get props :comment-start))
         (setq-local comment-end "")
         (setq-local comment-start-skip ,(plist-get props :comment-start-skip))
         (setq-local font-lock-defaults '(,(plist-get props :font-lock-keywords)))
         (setq-local indent-line-function #'mockls-fallback-modes--indent-line)
         (setq-local electric-indent-chars (append "})]" electric-indent-chars))
         (setq-local indent-tabs-mode nil)
         (setq-local tab-width ,(plist-get props :tab-width))
         (mockls-fallback-modes--hint ',mode))
       (define-key (symbol-value ',map) (kbd "C-M-i") #'completion-at-point)
       ;; Appended: any other mode that claims these files (`swift-ts-mode', say) comes first.
       (add-to-list 'auto-mode-alist '(,(plist-get props :files) . ,mode) t))))

(defun mockls-fallback-modes--define ()
  "Define the fallback `swift-mode' and `graphql-mode' that are not installed.
See `mockls-fallback-modes'.  Only this function defines them: nothing is
touched for a mode that is installed."
  (when mockls-fallback-modes
    (unless (mockls-fallback-modes--installed-p 'swift-mode)
      (mockls-fallback-modes--define-mode swift-mode "Swift"
        :syntax-table mockls-fallback-modes--swift-syntax-table
        :comment-start "// "
        :comment-start-skip "\\(?://+\\|/\\*+\\)\\s *"
        :font-lock-keywords mockls-fallback-modes--swift-font-lock-keywords
        :tab-width 4
        :files "\\.swift\\'"))
    (unless (mockls-fallback-modes--installed-p 'graphql-mode)
      (mockls-fallback-modes--define-mode graphql-mode "GraphQL"
        :syntax-table mockls-fallback-modes--graphql-syntax-table
        :comment-start "# "
        :comment-start-skip "#+\\s *"
        :font-lock-keywords mockls-fallback-modes--graphql-font-lock-keywords
        :tab-width 2
        :files "\\.\\(?:graphqls?\\|gql\\)\\'"))))

;; Loaded from the init file (through mockls.el or mockls-lsp.el), the check waits for the end of start-up: packages
;; installed or activated later in the init file (`use-package' with `:ensure', a `package-initialize' below the
;; set-up's `load') are found then. `require' loads this file once, so loading both set-ups defines the fallbacks once.
(if after-init-time
    (mockls-fallback-modes--define)
  (add-hook 'after-init-hook #'mockls-fallback-modes--define -90))

(provide 'mockls-fallback-modes)

;;; mockls-fallback-modes.el ends here
