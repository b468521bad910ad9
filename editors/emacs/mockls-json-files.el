;;; mockls-json-files.el --- which JSON files mockls serves, for mockls's Emacs set-ups -*- lexical-binding: t; -*-

;;; Commentary:

;; A `.json' file is mockls's when it is inside an Apollo project: the nearest folder at or above it holding one of
;; `mockls-project-markers' (an `apollo-codegen-config.json' or a graphql-config file), not looking past the
;; repository's top (a folder with `.git') or the file system's root. Response fixtures, `X.variables.json' files
;; and the configuration itself are; package.json, package-lock.json, tsconfig.json and Contents.json never are, nor
;; JSON outside Apollo projects. mockls.el (eglot) and mockls-lsp.el (lsp-mode) load this file from their own folder
;; (or from `load-path') and decide the same way.

;;; Code:

(require 'cl-lib)

(defgroup mockls-json-files nil
  "Which JSON files mockls serves in Emacs."
  :group 'languages
  :prefix "mockls-")

(defcustom mockls-project-markers
  '("apollo-codegen-config.json" ".graphqlrc" ".graphqlrc.yml" ".graphqlrc.yaml" ".graphqlrc.json"
    "graphql.config.yml" "graphql.config.yaml" "graphql.config.json")
  "Files whose folder is a project for mockls."
  :type '(repeat string)
  :group 'mockls-json-files)

(defcustom mockls-json-modes '(json-mode js-json-mode json-ts-mode jsonc-mode js-mode)
  "Major modes of JSON buffers (`js-mode' is Emacs 28's mode for `.json' files).
A buffer in one of these (or a mode derived from one) visiting a `.json' file inside an Apollo project is served by
mockls; other buffers are left alone."
  :type '(repeat symbol)
  :group 'mockls-json-files)

(defconst mockls-ignored-json '("package.json" "package-lock.json" "tsconfig.json" "Contents.json")
  "JSON files mockls never serves (it ignores them too).")

(defun mockls-apollo-project (file)
  "The Apollo project FILE is in: the nearest folder at or above FILE's own that holds one of
`mockls-project-markers', not looking past the repository's top (a folder with `.git') or the file system's root.
Nil when there is none."
  (let ((dir (file-name-directory (expand-file-name file)))
        found)
    (while (and dir (not found))
      (if (cl-some (lambda (marker) (file-exists-p (expand-file-name marker dir))) mockls-project-markers)
          (setq found dir)
        (let ((parent (file-name-directory (directory-file-name dir))))
          (setq dir (unless (or (null parent) (equal parent dir) (file-exists-p (expand-file-name ".git" dir)))
                      parent)))))
    found))

(defun mockls-json-project (file)
  "The Apollo project folder from which mockls serves the JSON file FILE, or nil when it does not serve it."
  (and (string-suffix-p ".json" file)
       (not (member (file-name-nondirectory file) mockls-ignored-json))
       (mockls-apollo-project file)))

(defun mockls-json-buffer-project ()
  "The Apollo project of the current buffer when it is a JSON buffer mockls serves, else nil."
  (and buffer-file-name
       (apply #'derived-mode-p mockls-json-modes)
       (mockls-json-project buffer-file-name)))

(defun mockls-mode-hooks-have (functions)
  "Non-nil when one of FUNCTIONS is on the hook of the buffer's major mode or of a mode it derives from: the user
starts the client there already."
  (let ((modes (if (fboundp 'derived-mode-all-parents)
                   (derived-mode-all-parents major-mode)
                 (let ((mode major-mode) modes)
                   (while mode
                     (push mode modes)
                     (setq mode (get mode 'derived-mode-parent)))
                   modes))))
    (cl-some (lambda (mode)
               (let ((hook (intern-soft (format "%s-hook" mode))))
                 (and hook (boundp hook)
                      (cl-some (lambda (function)
                                 (or (memq function (default-value hook)) (memq function (symbol-value hook))))
                               functions))))
             modes)))

(provide 'mockls-json-files)

;;; mockls-json-files.el ends here
