;;; mockls.el --- mockls through eglot -*- lexical-binding: t; -*-

;; Load this file (or copy its forms into your init file), then `M-x eglot' in a Swift test file or a GraphQL
;; document, or add `eglot-ensure' to `swift-mode-hook'. Swift buffers want `swift-mode', which comes from MELPA
;; (`M-x package-install RET swift-mode', with MELPA in `package-archives'); Emacs 29+ also has `swift-ts-mode'
;; packages. GraphQL documents want `graphql-mode' (MELPA too).
;;
;; Without them (MELPA is not reachable everywhere, and Debian packages neither), mockls-fallback-modes.el, next to
;; this file and loaded by it, defines minimal fallbacks, derived from `prog-mode': a `swift-mode' for `.swift' files
;; and a `graphql-mode' for `.graphql', `.graphqls' and `.gql' files, so that eglot starts mockls for them. An
;; installed swift-mode or graphql-mode always wins; `mockls-fallback-modes' nil turns the fallbacks off. (Copying
;; this file's forms into your init file, load mockls-fallback-modes.el as well, or put its folder on `load-path'.)
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

;; The fallback `swift-mode' and `graphql-mode', for when none is installed, are in mockls-fallback-modes.el (shared
;; with mockls-lsp.el), loaded from this file's folder, or from `load-path'. Its option `mockls-fallback-modes' is
;; shown with this file's options too.

(custom-add-to-group 'mockls 'mockls-fallback-modes 'custom-variable)

(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-fallback-modes))

(provide 'mockls)

;;; mockls.el ends here
