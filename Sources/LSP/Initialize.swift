import JSONRPC

/// A position encoding (LSP 3.17 `PositionEncodingKind`).
public struct PositionEncodingKind: RawRepresentable, Codable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
    public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
    public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}

public struct ClientInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String?
}

public struct WorkspaceFolder: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    public var name: String
    public init(uri: DocumentURI, name: String) {
        self.uri = uri
        self.name = name
    }
}

public struct InitializeParams: Decodable, Sendable {
    public var processId: Int?
    public var clientInfo: ClientInfo?
    public var locale: String?
    public var rootPath: String?
    public var rootUri: DocumentURI?
    public var initializationOptions: JSONValue?
    public var capabilities: ClientCapabilities
    public var trace: TraceValue?
    public var workspaceFolders: [WorkspaceFolder]?

    public init(capabilities: ClientCapabilities = ClientCapabilities()) {
        self.capabilities = capabilities
    }
}

/// The client capabilities mockls reads. Unknown members are ignored; every member is optional, as in the spec.
public struct ClientCapabilities: Decodable, Sendable, Equatable {
    public var general: General?
    public var textDocument: TextDocument?
    public var workspace: Workspace?
    public var window: Window?
    public var experimental: Experimental?

    public init() {}

    /// What mockls's own clients add: the commands they run themselves (`mockls.copyResponse`, VS Code's extension).
    public struct Experimental: Decodable, Sendable, Equatable {
        public var mocklsCommands: [String]?
    }

    public struct General: Decodable, Sendable, Equatable {
        public var positionEncodings: [PositionEncodingKind]?
    }

    public struct TextDocument: Decodable, Sendable, Equatable {
        public var completion: Completion?
        public var publishDiagnostics: PublishDiagnostics?
        public var diagnostic: DynamicRegistration?
        public var codeAction: CodeAction?
        public var hover: DynamicRegistration?
        public var definition: DynamicRegistration?
    }

    public struct Completion: Decodable, Sendable, Equatable {
        public var dynamicRegistration: Bool?
        public var completionItem: CompletionItem?
        public var contextSupport: Bool?
        public var completionList: CompletionList?

        /// LSP 3.17: the members of an item a list may give once for all its items (`"editRange"`,
        /// `"insertTextFormat"`, ...).
        public struct CompletionList: Decodable, Sendable, Equatable {
            public var itemDefaults: [String]?
        }

        public struct CompletionItem: Decodable, Sendable, Equatable {
            public var snippetSupport: Bool?
            public var documentationFormat: [String]?
            public var deprecatedSupport: Bool?
            public var labelDetailsSupport: Bool?
            public var insertReplaceSupport: Bool?
            public var resolveSupport: ResolveSupport?

            public struct ResolveSupport: Decodable, Sendable, Equatable {
                public var properties: [String]
            }
        }
    }

    public struct PublishDiagnostics: Decodable, Sendable, Equatable {
        public var relatedInformation: Bool?
        public var versionSupport: Bool?
        public var codeDescriptionSupport: Bool?
    }

    public struct CodeAction: Decodable, Sendable, Equatable {
        public var dynamicRegistration: Bool?
        public var isPreferredSupport: Bool?
        /// The client shows actions that cannot apply, greyed out with the reason.
        public var disabledSupport: Bool?
        public var dataSupport: Bool?
        public var resolveSupport: ResolveSupport?

        public struct ResolveSupport: Decodable, Sendable, Equatable {
            public var properties: [String]
        }
    }

    public struct DynamicRegistration: Decodable, Sendable, Equatable {
        public var dynamicRegistration: Bool?
    }

    public struct Workspace: Decodable, Sendable, Equatable {
        public var didChangeWatchedFiles: DidChangeWatchedFiles?
        public var workspaceFolders: Bool?
        public var workspaceEdit: WorkspaceEdit?
        public var diagnostics: Refresh?
        public var codeLens: Refresh?

        public struct DidChangeWatchedFiles: Decodable, Sendable, Equatable {
            public var dynamicRegistration: Bool?
            public var relativePatternSupport: Bool?
        }

        public struct WorkspaceEdit: Decodable, Sendable, Equatable {
            public var documentChanges: Bool?
            public var resourceOperations: [String]?
        }

        public struct Refresh: Decodable, Sendable, Equatable {
            public var refreshSupport: Bool?
        }
    }

    public struct Window: Decodable, Sendable, Equatable {
        public var workDoneProgress: Bool?
        public var showDocument: ShowDocument?

        public struct ShowDocument: Decodable, Sendable, Equatable {
            public var support: Bool
        }
    }
}

public struct InitializeResult: Encodable, Sendable, Equatable {
    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo?

    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo?) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }

    public struct ServerInfo: Encodable, Sendable, Equatable {
        public var name: String
        public var version: String?
        public init(name: String, version: String?) {
            self.name = name
            self.version = version
        }
    }
}

public enum TextDocumentSyncKind: Int, Encodable, Sendable {
    case none = 0, full = 1, incremental = 2
}

public struct TextDocumentSyncOptions: Encodable, Sendable, Equatable {
    public var openClose: Bool
    public var change: TextDocumentSyncKind
    public var save: SaveOptions?

    public struct SaveOptions: Encodable, Sendable, Equatable {
        public var includeText: Bool
        public init(includeText: Bool) { self.includeText = includeText }
    }

    public init(openClose: Bool, change: TextDocumentSyncKind, save: SaveOptions?) {
        self.openClose = openClose
        self.change = change
        self.save = save
    }
}

/// What mockls offers. Members appear only for features that exist.
public struct ServerCapabilities: Encodable, Sendable, Equatable {
    public var positionEncoding: PositionEncodingKind
    public var textDocumentSync: TextDocumentSyncOptions
    public var completionProvider: CompletionOptions?
    public var hoverProvider: Bool?
    public var signatureHelpProvider: SignatureHelpOptions?
    public var definitionProvider: Bool?
    public var referencesProvider: Bool?
    public var documentHighlightProvider: Bool?
    public var renameProvider: RenameOptions?
    public var documentSymbolProvider: Bool?
    public var workspaceSymbolProvider: Bool?
    /// Only for clients that pull diagnostics (and can be asked to pull again); the others get them pushed.
    public var diagnosticProvider: DiagnosticOptions?
    public var codeActionProvider: CodeActionOptions?
    public var codeLensProvider: CodeLensOptions?
    public var executeCommandProvider: ExecuteCommandOptions?
    public var workspace: WorkspaceCapabilities?

    public init(
        positionEncoding: PositionEncodingKind, textDocumentSync: TextDocumentSyncOptions, completionProvider: CompletionOptions? = nil,
        hoverProvider: Bool? = nil, signatureHelpProvider: SignatureHelpOptions? = nil, definitionProvider: Bool? = nil,
        referencesProvider: Bool? = nil, documentHighlightProvider: Bool? = nil, renameProvider: RenameOptions? = nil, documentSymbolProvider: Bool? = nil, workspaceSymbolProvider: Bool? = nil,
        diagnosticProvider: DiagnosticOptions? = nil, codeActionProvider: CodeActionOptions? = nil, codeLensProvider: CodeLensOptions? = nil,
        executeCommandProvider: ExecuteCommandOptions? = nil, workspace: WorkspaceCapabilities?
    ) {
        self.codeLensProvider = codeLensProvider
        self.executeCommandProvider = executeCommandProvider
        self.referencesProvider = referencesProvider
        self.documentHighlightProvider = documentHighlightProvider
        self.renameProvider = renameProvider
        self.documentSymbolProvider = documentSymbolProvider
        self.workspaceSymbolProvider = workspaceSymbolProvider
        self.signatureHelpProvider = signatureHelpProvider
        self.codeActionProvider = codeActionProvider
        self.positionEncoding = positionEncoding
        self.textDocumentSync = textDocumentSync
        self.completionProvider = completionProvider
        self.hoverProvider = hoverProvider
        self.definitionProvider = definitionProvider
        self.diagnosticProvider = diagnosticProvider
        self.workspace = workspace
    }

    public struct WorkspaceCapabilities: Encodable, Sendable, Equatable {
        public var workspaceFolders: WorkspaceFolders
        public init(workspaceFolders: WorkspaceFolders) { self.workspaceFolders = workspaceFolders }

        public struct WorkspaceFolders: Encodable, Sendable, Equatable {
            public var supported: Bool
            public var changeNotifications: Bool
            public init(supported: Bool, changeNotifications: Bool) {
                self.supported = supported
                self.changeNotifications = changeNotifications
            }
        }
    }
}
