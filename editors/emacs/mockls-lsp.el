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

;; The fallback `swift-mode' and `graphql-mode', for when none is installed, are in mockls-fallback-modes.el (shared
;; with mockls.el), loaded from this file's folder, or from `load-path'. Its option `mockls-fallback-modes' (formerly
;; `mockls-lsp-fallback-modes', still accepted) is shown with this file's options too.

(custom-add-to-group 'mockls-lsp 'mockls-fallback-modes 'custom-variable)

(let* ((file (or load-file-name buffer-file-name))
       (load-path (if file (cons (file-name-directory file) load-path) load-path)))
  (require 'mockls-fallback-modes))

(provide 'mockls-lsp)

;;; mockls-lsp.el ends here
