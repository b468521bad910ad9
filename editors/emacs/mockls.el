;;; mockls.el --- mockls through eglot -*- lexical-binding: t; -*-

;; Load this file (or copy its forms into your init file), then `M-x eglot' in a Swift test file or a GraphQL
;; document, or add `eglot-ensure' to `swift-mode-hook'. Swift buffers want `swift-mode', which comes from MELPA
;; (`M-x package-install RET swift-mode', with MELPA in `package-archives'); Emacs 29+ also has `swift-ts-mode'
;; packages. GraphQL documents want `graphql-mode' (MELPA too).
;;
;; Without them (MELPA is not reachable everywhere, and Debian packages neither), this file defines minimal
;; fallbacks, derived from `prog-mode': a `swift-mode' for `.swift' files and a `graphql-mode' for `.graphql',
;; `.graphqls' and `.gql' files, with comments, strings, keywords and indentation by brackets, so that eglot starts
;; mockls for them. The first buffer in a fallback says so in the echo area (and `*Messages*'). A fallback is only
;; defined when no mode of that name is defined or on `load-path' (checked at the end of start-up when the init
;; file loads this one), so an installed swift-mode or graphql-mode always wins; `mockls-fallback-modes' nil turns
;; the fallbacks off.
;;
;; Completion: eglot completes through `completion-at-point', on `C-M-i' (the same key as `M-TAB', or `ESC TAB' in
;; a terminal): after `Mock<Book>(', `C-M-i' lists the mock's labels. `company-mode' or `corfu' show the same
;; completions as you type.
;;
;; Eglot runs one server per buffer: with this set-up, Swift buffers talk to mockls, not to sourcekit-lsp.
;; To keep sourcekit-lsp for Swift, leave out `swift-mode' below and use mockls for GraphQL documents, or run
;; mockls from the command line (`mockls check') for the test files.

;;; Code:

(require 'eglot)
(require 'project)
(require 'cl-lib)

(defgroup mockls nil
  "The mockls language server for Apollo iOS test mocks."
  :group 'eglot)

(defcustom mockls-program "mockls"
  "The mockls executable."
  :type 'string
  :group 'mockls)

(defcustom mockls-modes '(swift-mode swift-ts-mode graphql-mode)
  "Major modes whose buffers eglot connects to mockls."
  :type '(repeat symbol)
  :group 'mockls)

(defun mockls--contact (&optional _interactive)
  "The command eglot runs."
  (list mockls-program))

(add-to-list 'eglot-server-programs (cons mockls-modes #'mockls--contact))

;; The project eglot starts mockls in. Outside version control Emacs finds no project, and eglot would take the
;; buffer's own folder (a test folder, with no GraphQL in it): the nearest folder above that holds an Apollo or
;; graphql-config configuration is the project then. Under version control the repository stays the project.

(defcustom mockls-project-markers
  '("apollo-codegen-config.json" ".graphqlrc" ".graphqlrc.yml" ".graphqlrc.yaml" ".graphqlrc.json"
    "graphql.config.yml" "graphql.config.yaml" "graphql.config.json")
  "Files whose folder is a project for mockls."
  :type '(repeat string)
  :group 'mockls)

(defun mockls-project-find (dir)
  "The project of DIR: the nearest folder above it with one of `mockls-project-markers'."
  (let ((roots (delq nil (mapcar (lambda (marker) (locate-dominating-file dir marker)) mockls-project-markers))))
    (when roots
      ;; The nearest: the longest of the folders found.
      (cons 'mockls (file-name-as-directory
                     (expand-file-name (car (sort roots (lambda (a b) (> (length a) (length b)))))))))))

(cl-defmethod project-root ((project (head mockls)))
  (cdr project))

(add-hook 'project-find-functions #'mockls-project-find 'append)

;; Fallback major modes, for when swift-mode or graphql-mode is not installed. They are defined by
;; `mockls--define-fallback-modes' only: nothing of a real swift-mode's (its keymap, its hook's contents, its
;; `auto-mode-alist' entry) is touched when one is installed.

(defcustom mockls-fallback-modes t
  "Non-nil: define minimal `swift-mode' and `graphql-mode' if not installed.
A fallback is defined only for a mode that is neither defined nor a library
on `load-path' (see `locate-library'), checked when this file is loaded, or
at the end of start-up (`after-init-hook') when the init file loads it: a
swift-mode or graphql-mode installed from MELPA always wins.  Set this
before loading the file."
  :type 'boolean
  :group 'mockls)

(defvar mockls--fallback-hinted nil
  "The fallback modes whose hint has been shown already.")

(defun mockls--installed-p (mode)
  "Whether major mode MODE is defined, or a library of its name is on `load-path'."
  (or (fboundp mode) (locate-library (symbol-name mode))))

(defun mockls--fallback-hint (mode)
  "Say once that fallback MODE is in use, how to replace it, how to complete.
The message goes to the echo area and `*Messages*'."
  (unless (memq mode mockls--fallback-hinted)
    (push mode mockls--fallback-hinted)
    (message "mockls: %s is not installed, so mockls.el's minimal one is used; for the full mode, M-x package-install RET %s (MELPA) and restart Emacs. Complete with C-M-i (M-TAB, `completion-at-point')."
             mode mode)))

(defun mockls--indent-line ()
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

(defconst mockls--swift-keywords
  '("actor" "any" "as" "associatedtype" "async" "await" "borrowing" "break" "case" "catch" "class" "consume"
    "consuming" "continue" "convenience" "default" "defer" "deinit" "didSet" "do" "dynamic" "else" "enum"
    "extension" "fallthrough" "fileprivate" "final" "for" "func" "get" "guard" "if" "import" "in" "indirect"
    "infix" "init" "inout" "internal" "is" "lazy" "let" "macro" "mutating" "nonisolated" "nonmutating" "open"
    "operator" "optional" "override" "package" "postfix" "precedencegroup" "prefix" "private" "protocol" "public"
    "repeat" "required" "rethrows" "return" "self" "Self" "set" "some" "static" "struct" "subscript" "super"
    "switch" "throw" "throws" "try" "typealias" "unowned" "var" "weak" "where" "while" "willSet")
  "Keywords the fallback `swift-mode' highlights.")

(defconst mockls--swift-font-lock-keywords
  `((,(regexp-opt '("true" "false" "nil") 'symbols) . font-lock-constant-face)
    (,(regexp-opt mockls--swift-keywords 'symbols) . font-lock-keyword-face)
    ("[@#][[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\_<func\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-function-name-face)
    ("\\_<\\(?:let\\|var\\)\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `swift-mode' highlights.")

(defvar mockls--swift-syntax-table
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

(defconst mockls--graphql-font-lock-keywords
  `((,(regexp-opt '("true" "false" "null") 'symbols) . font-lock-constant-face)
    (,(regexp-opt '("query" "mutation" "subscription" "fragment" "on" "type" "interface" "union" "enum" "input"
                    "scalar" "schema" "extend" "directive" "implements" "repeatable")
                  'symbols)
     . font-lock-keyword-face)
    ("@[[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\$[[:alpha:]_][[:alnum:]_]*" . font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `graphql-mode' highlights.")

(defvar mockls--graphql-syntax-table
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

(defun mockls--define-fallback-modes ()
  "Define the fallback `swift-mode' and `graphql-mode' that are not installed.
See `mockls-fallback-modes'."
  (when mockls-fallback-modes
    (unless (mockls--installed-p 'swift-mode)
      (define-derived-mode swift-mode prog-mode "Swift"
        "Minimal Swift mode, from mockls.el: swift-mode is not installed.
It knows comments, strings and keywords, and indents by brackets.  For the
full mode, install `swift-mode' from MELPA and restart Emacs.
\\<swift-mode-map>\\[completion-at-point] completes (`completion-at-point'), through eglot.

\\{swift-mode-map}"
        :syntax-table mockls--swift-syntax-table
        :abbrev-table nil
        (setq-local comment-start "// ")
        (setq-local comment-end "")
        (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s *")
        (setq-local font-lock-defaults '(mockls--swift-font-lock-keywords))
        (setq-local indent-line-function #'mockls--indent-line)
        (setq-local electric-indent-chars (append "})]" electric-indent-chars))
        (setq-local indent-tabs-mode nil)
        (setq-local tab-width 4)
        (mockls--fallback-hint 'swift-mode))
      (define-key (symbol-value 'swift-mode-map) (kbd "C-M-i") #'completion-at-point)
      ;; Appended: any other mode that claims Swift files (`swift-ts-mode', say) comes first.
      (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode) t))
    (unless (mockls--installed-p 'graphql-mode)
      (define-derived-mode graphql-mode prog-mode "GraphQL"
        "Minimal GraphQL mode, from mockls.el: graphql-mode is not installed.
It knows comments, strings and keywords, and indents by brackets.  For the
full mode, install `graphql-mode' from MELPA and restart Emacs.
\\<graphql-mode-map>\\[completion-at-point] completes (`completion-at-point'), through eglot.

\\{graphql-mode-map}"
        :syntax-table mockls--graphql-syntax-table
        :abbrev-table nil
        (setq-local comment-start "# ")
        (setq-local comment-end "")
        (setq-local comment-start-skip "#+\\s *")
        (setq-local font-lock-defaults '(mockls--graphql-font-lock-keywords))
        (setq-local indent-line-function #'mockls--indent-line)
        (setq-local electric-indent-chars (append "})]" electric-indent-chars))
        (setq-local indent-tabs-mode nil)
        (setq-local tab-width 2)
        (mockls--fallback-hint 'graphql-mode))
      (define-key (symbol-value 'graphql-mode-map) (kbd "C-M-i") #'completion-at-point)
      (add-to-list 'auto-mode-alist '("\\.\\(?:graphqls?\\|gql\\)\\'" . graphql-mode) t))))

;; Loaded from the init file, the check waits for the end of start-up: packages installed or activated later in
;; the init file (`use-package' with `:ensure', a `package-initialize' below this file's `load') are found then.
(if after-init-time
    (mockls--define-fallback-modes)
  (add-hook 'after-init-hook #'mockls--define-fallback-modes -90))

(provide 'mockls)

;;; mockls.el ends here
