;;; mockls.el --- mockls through eglot -*- lexical-binding: t; -*-

;; Load this file (or copy its forms into your init file), then `M-x eglot' in a Swift test file or a GraphQL
;; document, or add `eglot-ensure' to `swift-mode-hook'.
;;
;; Eglot runs one server per buffer: with this set-up, Swift buffers talk to mockls, not to sourcekit-lsp.
;; To keep sourcekit-lsp for Swift, leave out `swift-mode' below and use mockls for GraphQL documents, or run
;; mockls from the command line (`mockls check') for the test files.

;;; Code:

(require 'eglot)

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

(provide 'mockls)

;;; mockls.el ends here
