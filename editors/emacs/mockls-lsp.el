;;; mockls-lsp.el --- mockls beside sourcekit-lsp, through lsp-mode -*- lexical-binding: t; -*-

;; lsp-mode runs several servers on one buffer when all but one are add-ons: with this file, a Swift buffer talks
;; to sourcekit-lsp (types, symbols, the compiler's diagnostics) and to mockls (Apollo test mocks: completion of
;; `Mock<…>(' arguments, the reads that crash, their quick fixes); a GraphQL buffer talks to mockls alone.
;;
;; Set-up (lsp-mode from Debian's `elpa-lsp-mode' or MELPA; `swift-mode' and `graphql-mode' from MELPA):
;;
;;   (load "/path/to/mockls/editors/emacs/mockls-lsp.el")
;;   (add-hook 'swift-mode-hook #'lsp)
;;   (add-hook 'graphql-mode-hook #'lsp)
;;
;; Without swift-mode or graphql-mode (MELPA is not reachable everywhere, and Debian packages neither), this file
;; defines minimal fallbacks, derived from `prog-mode': a `swift-mode' for `.swift' files and a `graphql-mode' for
;; `.graphql', `.graphqls' and `.gql' files, with comments, strings, keywords and indentation by brackets, so that
;; the hooks above start the servers. The first buffer in a fallback says so in the echo area (and `*Messages*').
;; A fallback is only defined when no mode of that name is defined or on `load-path' (checked at the end of
;; start-up when the init file loads this one), so an installed swift-mode or graphql-mode always wins;
;; `mockls-lsp-fallback-modes' nil turns the fallbacks off.
;;
;; Completion: lsp-mode completes through `completion-at-point', on `C-M-i' (the same key as `M-TAB', or
;; `ESC TAB' in a terminal): after `Mock<Book>(', `C-M-i' lists the mock's labels. With `company-mode' installed,
;; lsp-mode shows the same completions as you type.
;;
;; sourcekit-lsp: the `lsp-sourcekit' package (MELPA) registers it. Without that package, this file registers
;; a minimal client for the `sourcekit-lsp' on PATH (the Swift toolchain's), unless
;; `mockls-lsp-register-sourcekit' is nil.
;;
;; The eglot set-up (mockls.el) runs one server per buffer: there, Swift buffers get mockls instead of
;; sourcekit-lsp. Use this file to have both; use mockls.el for eglot, best for GraphQL documents.

;;; Code:

(require 'lsp-mode)

(defgroup mockls-lsp nil
  "The mockls language server through lsp-mode."
  :group 'lsp-mode)

(defcustom mockls-lsp-program "mockls"
  "The mockls executable."
  :type 'string
  :group 'mockls-lsp)

(defcustom mockls-lsp-register-sourcekit t
  "Register a sourcekit-lsp client when the `lsp-sourcekit' package is not there."
  :type 'boolean
  :group 'mockls-lsp)

(defcustom mockls-lsp-sourcekit-program "sourcekit-lsp"
  "The sourcekit-lsp executable, for the client this file registers."
  :type 'string
  :group 'mockls-lsp)

(add-to-list 'lsp-language-id-configuration '(swift-mode . "swift"))
(add-to-list 'lsp-language-id-configuration '(swift-ts-mode . "swift"))
(add-to-list 'lsp-language-id-configuration '(graphql-mode . "graphql"))

(defun mockls-lsp--command ()
  "The command lsp-mode runs for mockls."
  (list mockls-lsp-program))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection #'mockls-lsp--command)
  :activation-fn (lsp-activate-on "swift" "graphql")
  ;; An add-on: it runs beside the buffer's main server (sourcekit-lsp on Swift) instead of replacing it.
  :add-on? t
  :priority -2
  :server-id 'mockls))

(when (and mockls-lsp-register-sourcekit (not (require 'lsp-sourcekit nil t)))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () (list mockls-lsp-sourcekit-program)))
    :activation-fn (lsp-activate-on "swift")
    :priority -1
    :server-id 'sourcekit-ls)))

;; Fallback major modes, for when swift-mode or graphql-mode is not installed. They are defined by
;; `mockls-lsp--define-fallback-modes' only: nothing of a real swift-mode's (its keymap, its hook's contents, its
;; `auto-mode-alist' entry) is touched when one is installed.

(defcustom mockls-lsp-fallback-modes t
  "Non-nil: define minimal `swift-mode' and `graphql-mode' if not installed.
A fallback is defined only for a mode that is neither defined nor a library
on `load-path' (see `locate-library'), checked when this file is loaded, or
at the end of start-up (`after-init-hook') when the init file loads it: a
swift-mode or graphql-mode installed from MELPA always wins.  Set this
before loading the file."
  :type 'boolean
  :group 'mockls-lsp)

(defvar mockls-lsp--fallback-hinted nil
  "The fallback modes whose hint has been shown already.")

(defun mockls-lsp--installed-p (mode)
  "Whether major mode MODE is defined, or a library of its name is on `load-path'."
  (or (fboundp mode) (locate-library (symbol-name mode))))

(defun mockls-lsp--fallback-hint (mode)
  "Say once that fallback MODE is in use, how to replace it, how to complete.
The message goes to the echo area and `*Messages*'."
  (unless (memq mode mockls-lsp--fallback-hinted)
    (push mode mockls-lsp--fallback-hinted)
    (message "mockls: %s is not installed, so mockls-lsp.el's minimal one is used; for the full mode, M-x package-install RET %s (MELPA) and restart Emacs. Complete with C-M-i (M-TAB, `completion-at-point')."
             mode mode)))

(defun mockls-lsp--indent-line ()
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

(defconst mockls-lsp--swift-keywords
  '("actor" "any" "as" "associatedtype" "async" "await" "borrowing" "break" "case" "catch" "class" "consume"
    "consuming" "continue" "convenience" "default" "defer" "deinit" "didSet" "do" "dynamic" "else" "enum"
    "extension" "fallthrough" "fileprivate" "final" "for" "func" "get" "guard" "if" "import" "in" "indirect"
    "infix" "init" "inout" "internal" "is" "lazy" "let" "macro" "mutating" "nonisolated" "nonmutating" "open"
    "operator" "optional" "override" "package" "postfix" "precedencegroup" "prefix" "private" "protocol" "public"
    "repeat" "required" "rethrows" "return" "self" "Self" "set" "some" "static" "struct" "subscript" "super"
    "switch" "throw" "throws" "try" "typealias" "unowned" "var" "weak" "where" "while" "willSet")
  "Keywords the fallback `swift-mode' highlights.")

(defconst mockls-lsp--swift-font-lock-keywords
  `((,(regexp-opt '("true" "false" "nil") 'symbols) . font-lock-constant-face)
    (,(regexp-opt mockls-lsp--swift-keywords 'symbols) . font-lock-keyword-face)
    ("[@#][[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\_<func\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-function-name-face)
    ("\\_<\\(?:let\\|var\\)\\s-+\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `swift-mode' highlights.")

(defvar mockls-lsp--swift-syntax-table
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

(defconst mockls-lsp--graphql-font-lock-keywords
  `((,(regexp-opt '("true" "false" "null") 'symbols) . font-lock-constant-face)
    (,(regexp-opt '("query" "mutation" "subscription" "fragment" "on" "type" "interface" "union" "enum" "input"
                    "scalar" "schema" "extend" "directive" "implements" "repeatable")
                  'symbols)
     . font-lock-keyword-face)
    ("@[[:alpha:]_][[:alnum:]_]*" . font-lock-preprocessor-face)
    ("\\$[[:alpha:]_][[:alnum:]_]*" . font-lock-variable-name-face)
    ("\\_<[[:upper:]][[:alnum:]_]*\\_>" . font-lock-type-face))
  "What the fallback `graphql-mode' highlights.")

(defvar mockls-lsp--graphql-syntax-table
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

(defun mockls-lsp--define-fallback-modes ()
  "Define the fallback `swift-mode' and `graphql-mode' that are not installed.
See `mockls-lsp-fallback-modes'."
  (when mockls-lsp-fallback-modes
    (unless (mockls-lsp--installed-p 'swift-mode)
      (define-derived-mode swift-mode prog-mode "Swift"
        "Minimal Swift mode, from mockls-lsp.el: swift-mode is not installed.
It knows comments, strings and keywords, and indents by brackets.  For the
full mode, install `swift-mode' from MELPA and restart Emacs.
\\<swift-mode-map>\\[completion-at-point] completes (`completion-at-point'), through lsp-mode.

\\{swift-mode-map}"
        :syntax-table mockls-lsp--swift-syntax-table
        :abbrev-table nil
        (setq-local comment-start "// ")
        (setq-local comment-end "")
        (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s *")
        (setq-local font-lock-defaults '(mockls-lsp--swift-font-lock-keywords))
        (setq-local indent-line-function #'mockls-lsp--indent-line)
        (setq-local electric-indent-chars (append "})]" electric-indent-chars))
        (setq-local indent-tabs-mode nil)
        (setq-local tab-width 4)
        (mockls-lsp--fallback-hint 'swift-mode))
      (define-key (symbol-value 'swift-mode-map) (kbd "C-M-i") #'completion-at-point)
      ;; Appended: any other mode that claims Swift files (`swift-ts-mode', say) comes first.
      (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode) t))
    (unless (mockls-lsp--installed-p 'graphql-mode)
      (define-derived-mode graphql-mode prog-mode "GraphQL"
        "Minimal GraphQL mode, from mockls-lsp.el: graphql-mode is not installed.
It knows comments, strings and keywords, and indents by brackets.  For the
full mode, install `graphql-mode' from MELPA and restart Emacs.
\\<graphql-mode-map>\\[completion-at-point] completes (`completion-at-point'), through lsp-mode.

\\{graphql-mode-map}"
        :syntax-table mockls-lsp--graphql-syntax-table
        :abbrev-table nil
        (setq-local comment-start "# ")
        (setq-local comment-end "")
        (setq-local comment-start-skip "#+\\s *")
        (setq-local font-lock-defaults '(mockls-lsp--graphql-font-lock-keywords))
        (setq-local indent-line-function #'mockls-lsp--indent-line)
        (setq-local electric-indent-chars (append "})]" electric-indent-chars))
        (setq-local indent-tabs-mode nil)
        (setq-local tab-width 2)
        (mockls-lsp--fallback-hint 'graphql-mode))
      (define-key (symbol-value 'graphql-mode-map) (kbd "C-M-i") #'completion-at-point)
      (add-to-list 'auto-mode-alist '("\\.\\(?:graphqls?\\|gql\\)\\'" . graphql-mode) t))))

;; Loaded from the init file, the check waits for the end of start-up: packages installed or activated later in
;; the init file (`use-package' with `:ensure', a `package-initialize' below this file's `load') are found then.
(if after-init-time
    (mockls-lsp--define-fallback-modes)
  (add-hook 'after-init-hook #'mockls-lsp--define-fallback-modes -90))

(provide 'mockls-lsp)

;;; mockls-lsp.el ends here
