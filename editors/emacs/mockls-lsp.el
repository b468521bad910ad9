;;; mockls-lsp.el --- mockls beside sourcekit-lsp, through lsp-mode -*- lexical-binding: t; -*-

;; lsp-mode runs several servers on one buffer when all but one are add-ons: with this file, a Swift buffer talks
;; to sourcekit-lsp (types, symbols, the compiler's diagnostics) and to mockls (Apollo test mocks: completion of
;; `Mock<…>(' arguments, the reads that crash, their quick fixes); a GraphQL buffer talks to mockls alone; a JSON file
;; inside an Apollo project (a response fixture such as Tests/Fixtures/BookQuery.json, `X.variables.json',
;; `apollo-codegen-config.json') talks to mockls beside whatever JSON server lsp-mode has, and lsp-mode is started
;; there by this file (`mockls-lsp-json-start').
;;
;; JSON outside Apollo projects is not mockls's: a `.json' file with no folder above it (up to the repository's top, a
;; folder with `.git', or the file system's root) holding one of `mockls-project-markers', and package.json,
;; package-lock.json, tsconfig.json and Contents.json anywhere, do not activate it.
;;
;; Its root: mockls starts in the nearest Apollo project folder above the buffer's file (the folder of
;; apollo-codegen-config.json or of a graphql-config file), whatever lsp-mode's root for the buffer is, so that a
;; repository imported as one lsp-mode folder does not make mockls index all of it, nor lsp-mode offer to watch all its
;; folders for mockls; the other servers keep lsp-mode's root. (This file wraps lsp-mode's `lsp--ensure-lsp-servers'
;; for that.) Nor are SwiftPM's `.build' and Xcode's `DerivedData' folders watched.
;;
;; Set-up (lsp-mode from Debian's `elpa-lsp-mode' or MELPA; `swift-mode' and `graphql-mode' from MELPA):
;;
;;   (load "/path/to/mockls/editors/emacs/mockls-lsp.el")
;;   (add-hook 'swift-mode-hook #'lsp)
;;   (add-hook 'graphql-mode-hook #'lsp)
;;
;; (JSON files need no hook: see above.)
;;
;; Without swift-mode or graphql-mode (MELPA is not reachable everywhere, and Debian packages neither),
;; mockls-fallback-modes.el, next to this file and loaded by it, defines minimal fallbacks, derived from `prog-mode':
;; a `swift-mode' for `.swift' files and a `graphql-mode' for `.graphql', `.graphqls' and `.gql' files, so that the
;; hooks above start the servers. An installed swift-mode or graphql-mode always wins; `mockls-fallback-modes' nil
;; (formerly `mockls-lsp-fallback-modes', which still works) turns the fallbacks off.
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
(require 'cl-lib)
;; Which JSON files are mockls's (mockls-json-files.el, shared by both set-ups): loaded from this file's folder, or
;; from `load-path'.
(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-json-files))

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

;; JSON files inside an Apollo project.

(defcustom mockls-lsp-json-start t
  "Non-nil: start lsp-mode (`lsp') in JSON buffers that mockls serves, unless their mode's hook does.
Nil: mockls still serves them when something else starts lsp-mode there."
  :type 'boolean
  :group 'mockls-lsp)

(defun mockls-lsp--activate-p (file-name _mode)
  "Whether mockls serves the buffer of FILE-NAME: Swift and GraphQL buffers, JSON files inside an Apollo project."
  (if (and file-name (string-suffix-p ".json" file-name))
      (and (mockls-json-project file-name) t)
    (and (member (lsp-buffer-language) '("swift" "graphql")) t)))

(defun mockls-lsp-json-setup ()
  "Start lsp-mode in a JSON buffer that mockls serves (see `mockls-lsp-json-start')."
  (when (and mockls-lsp-json-start
             (not (bound-and-true-p lsp-mode))
             (mockls-json-buffer-project)
             (not (mockls-mode-hooks-have '(lsp lsp-deferred))))
    (lsp)))

(add-hook 'after-change-major-mode-hook #'mockls-lsp-json-setup 50)

;; mockls's root: the nearest Apollo project folder, not lsp-mode's root for the buffer (often a whole repository).

(defun mockls-lsp--ensure-servers (ensure session clients project-root &rest rest)
  "Around `lsp--ensure-lsp-servers' (ENSURE): the mockls client among CLIENTS starts (or is found) in the nearest
Apollo project of the buffer's file; the others in PROJECT-ROOT."
  (let* ((mockls (cl-find 'mockls clients :key #'lsp--client-server-id))
         (apollo (and mockls buffer-file-name (mockls-apollo-project buffer-file-name))))
    (if (null apollo)
        (apply ensure session clients project-root rest)
      (append (apply ensure session (remq mockls clients) project-root rest)
              (apply ensure session (list mockls) (lsp-f-canonical apollo) rest)))))

(when (fboundp 'lsp--ensure-lsp-servers)
  (advice-add 'lsp--ensure-lsp-servers :around #'mockls-lsp--ensure-servers))

;; Build output is not watched (lsp-mode asks before watching a thousand folders).
(dolist (ignored '("[/\\\\]\\.build\\'" "[/\\\\]DerivedData\\'"))
  (add-to-list 'lsp-file-watch-ignored-directories ignored t))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection #'mockls-lsp--command)
  :activation-fn #'mockls-lsp--activate-p
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

;; The fallback `swift-mode' and `graphql-mode', for when none is installed, are in mockls-fallback-modes.el (shared
;; with mockls.el), loaded from this file's folder, or from `load-path'. Its option `mockls-fallback-modes' (formerly
;; `mockls-lsp-fallback-modes', still accepted) is shown with this file's options too.

(custom-add-to-group 'mockls-lsp 'mockls-fallback-modes 'custom-variable)
(dolist (option '(mockls-project-markers mockls-json-modes))
  (custom-add-to-group 'mockls-lsp option 'custom-variable))

(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-fallback-modes))

(provide 'mockls-lsp)

;;; mockls-lsp.el ends here
