;;; mockls.el --- mockls through eglot -*- lexical-binding: t; -*-

;; Load this file (or copy its forms into your init file), then `M-x eglot' in a Swift test file or a GraphQL
;; document, or add `eglot-ensure' to `swift-mode-hook'. JSON files inside an Apollo project (response fixtures such
;; as Tests/Fixtures/BookQuery.json, `X.variables.json', `apollo-codegen-config.json') get mockls by themselves: see
;; "JSON files" below. Swift buffers want `swift-mode', which comes from MELPA (`M-x package-install RET swift-mode',
;; with MELPA in `package-archives'); Emacs 29+ also has `swift-ts-mode' packages. GraphQL documents want
;; `graphql-mode' (MELPA too).
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
;; JSON files: eglot maps a major mode to one server, so this file does not give JSON modes to mockls in
;; `eglot-server-programs'. It looks at each buffer of `mockls-json-modes' instead: one visiting a `.json' file inside
;; an Apollo project (the nearest folder above it holding one of `mockls-project-markers', not looking past the
;; repository's top, a folder with `.git') gets a buffer-local entry for mockls, with the language id "json", and that
;; project folder as its eglot project; then `eglot-ensure' starts mockls there (`mockls-json-eglot-ensure').
;; package.json, package-lock.json, tsconfig.json and Contents.json, and JSON outside Apollo projects, are left to
;; whatever eglot gives them otherwise. One mockls runs per Apollo project for its JSON files, beside the one for its
;; Swift and GraphQL buffers (eglot 1.9 sends one language id per server); a fixture's diagnostics come from the one
;; that has its buffer. With mockls-lsp.el loaded too, lsp-mode gets the JSON buffers instead.
;;
;; Eglot runs one server per buffer: with this set-up, Swift buffers talk to mockls, not to sourcekit-lsp.
;; To keep sourcekit-lsp for Swift, leave out `swift-mode' below and use mockls for GraphQL documents, or run
;; mockls from the command line (`mockls check') for the test files.

;;; Code:

(require 'eglot)
(require 'project)
(require 'cl-lib)
;; Which JSON files are mockls's (mockls-json-files.el, shared by both set-ups): loaded from this file's folder, or
;; from `load-path'.
(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-json-files))

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

(defclass mockls-eglot-server (eglot-lsp-server) ()
  :documentation "A connection to mockls.")

(defun mockls--contact (&optional _interactive)
  "The command eglot runs, with the class of its connection."
  (list 'mockls-eglot-server mockls-program))

;; Each mockls publishes the diagnostics of response fixtures it has not opened, from the disk. A fixture open in
;; another server's buffer (one mockls serves a project's Swift and GraphQL buffers, another its JSON ones) keeps the
;; diagnostics of the server that has its text.
(cl-defmethod eglot-handle-notification :around
  ((server mockls-eglot-server) (_method (eql textDocument/publishDiagnostics)) &key uri &allow-other-keys)
  (let* ((path (funcall (if (fboundp 'eglot-uri-to-path) 'eglot-uri-to-path 'eglot--uri-to-path) uri))
         (buffer (find-buffer-visiting path))
         (owner (and buffer (with-current-buffer buffer (eglot-current-server)))))
    (when (or (null owner) (eq owner server))
      (cl-call-next-method))))

(add-to-list 'eglot-server-programs (cons mockls-modes #'mockls--contact))

;; The project eglot starts mockls in. Outside version control Emacs finds no project, and eglot would take the
;; buffer's own folder (a test folder, with no GraphQL in it): the nearest folder above that holds an Apollo or
;; graphql-config configuration is the project then. Under version control the repository stays the project.

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

;; JSON files inside an Apollo project: response fixtures, variables files, the configuration.

(defcustom mockls-json-eglot-ensure t
  "Non-nil: start eglot (`eglot-ensure') in JSON buffers that mockls serves.
Nil: only make `eglot-ensure' or `M-x eglot' start mockls there. (With mockls-lsp.el loaded too, lsp-mode starts
there instead, per `mockls-lsp-json-start'.)"
  :type 'boolean
  :group 'mockls)

(defvar-local mockls--json-project nil
  "The Apollo project of this JSON buffer, when mockls serves it.")

(defun mockls--json-project-find (_dir)
  "Eglot's project for a JSON buffer mockls serves: its Apollo project, its own to that buffer's server.
Only when eglot asks (`eglot-lsp-context'): `project-current' stays the same for everything else."
  (when (and mockls--json-project (bound-and-true-p eglot-lsp-context))
    (cons 'mockls-json mockls--json-project)))

(cl-defmethod project-root ((project (head mockls-json)))
  (cdr project))

(defun mockls-json-setup ()
  "In a JSON buffer inside an Apollo project, make eglot start mockls (and start it, per
`mockls-json-eglot-ensure'). Other buffers are left alone."
  (when-let* (((not mockls--json-project))
              (project (mockls-json-buffer-project)))
    (setq mockls--json-project project)
    (setq-local eglot-server-programs
                (cons (cons (list (list major-mode :language-id "json")) #'mockls--contact)
                      eglot-server-programs))
    (add-hook 'project-find-functions #'mockls--json-project-find nil t)
    ;; Once: the user's own `eglot-ensure' on a JSON mode's hook does it already. With mockls-lsp.el loaded too,
    ;; lsp-mode gets the buffer (`mockls-lsp-json-start').
    (when (and mockls-json-eglot-ensure
               (not (mockls-mode-hooks-have '(eglot-ensure)))
               (not (bound-and-true-p mockls-lsp-json-start)))
      (eglot-ensure))))

(add-hook 'after-change-major-mode-hook #'mockls-json-setup -50)

;; The fallback `swift-mode' and `graphql-mode', for when none is installed, are in mockls-fallback-modes.el (shared
;; with mockls-lsp.el), loaded from this file's folder, or from `load-path'. Its option `mockls-fallback-modes' is
;; shown with this file's options too.

(custom-add-to-group 'mockls 'mockls-fallback-modes 'custom-variable)
(dolist (option '(mockls-project-markers mockls-json-modes))
  (custom-add-to-group 'mockls option 'custom-variable))

(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-fallback-modes))

(provide 'mockls)

;;; mockls.el ends here
