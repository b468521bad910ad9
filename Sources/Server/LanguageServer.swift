import Dispatch
import Foundation
import JSONRPC
import Logging
import Synchronization
import LSP

public struct ServerOptions: Sendable {
    /// Least severe level written to standard error.
    public var logLevel: Logger.Level = .warning
    /// Enables the `mockls/test/*` requests that protocol tests use to hold a request in flight.
    public var testHooks = false

    public init(logLevel: Logger.Level = .warning, testHooks: Bool = false) {
        self.logLevel = logLevel
        self.testHooks = testHooks
    }
}

/// What a read request sees: the server state at the moment the request arrived.
public struct ServerSnapshot: Sendable {
    public let documents: DocumentStore
    /// Offsets to LSP values and back, in the encoding negotiated at `initialize`.
    public let conversion: ProtocolConversion
    public let clientCapabilities: ClientCapabilities
    /// The indexed workspaces as of the last finished indexing (never waits for the indexer).
    public let workspaces: [Workspace]
    /// How test-file diagnostics are delivered (nil before `initialize`).
    let diagnosticsDelivery: DiagnosticsDelivery?
    /// Whether the first indexing had finished when the snapshot was taken.
    let isIndexed: Bool
    let indexer: WorkspaceIndexer?

    /// This snapshot once the first indexing is in: a request sent right after the client attached waits for it (at
    /// most `timeout`) rather than answer from no index at all, which an editor would keep as a final answer. nil
    /// when it is still not in.
    func afterFirstIndex(timeout: DispatchTimeInterval = .seconds(2)) -> ServerSnapshot? {
        if isIndexed { return self }
        guard let workspaces = indexer?.snapshotAfterFirstIndex(timeout: timeout) else { return nil }
        return ServerSnapshot(
            documents: documents, conversion: conversion, clientCapabilities: clientCapabilities, workspaces: workspaces,
            diagnosticsDelivery: diagnosticsDelivery, isIndexed: true, indexer: indexer)
    }
}

/// The LSP server: lifecycle, message dispatch and document state. The ordering model is described at the top
/// of `RequestScheduler.swift`; `handle(_:)` must be called from one thread, in arrival order.
public final class LanguageServer: @unchecked Sendable {
    // @unchecked: every `var` below is touched only by the thread that calls `handle(_:)`; what other threads
    // use (scheduler, writer, trace) is Sendable on its own.

    public enum Phase: Sendable, Equatable { case uninitialized, running, shutDown }

    public private(set) var phase = Phase.uninitialized
    /// Set by the `exit` notification: the process should end with this code.
    public private(set) var exitCode: Int32?
    public private(set) var documents = DocumentStore()
    /// The only holder of the negotiated position encoding.
    public private(set) var conversion = ProtocolConversion(encoding: .utf16)
    public var positionEncoding: PositionEncodingKind { conversion.encoding }
    public private(set) var clientCapabilities = ClientCapabilities()

    public let logger: Logger
    private let send: @Sendable ([UInt8]) -> Void
    private let scheduler: RequestScheduler
    private let trace = TraceSetting()
    private let options: ServerOptions
    private var readRequests: [String: ReadRequestHandler] = [:]
    private var indexer: WorkspaceIndexer?
    private var diagnosticsDelivery: DiagnosticsDelivery?
    private var workspaceFolders = WorkspaceFolders()
    /// The client's workspace folders, in the order first added (read on the reading thread).
    public var workspaceFolderURLs: [URL] { workspaceFolders.urls }
    private var watchingFiles = false
    private var watcherRegistrationID: RequestID?
    private var nextOutgoingID: Int64 = 1

    /// Decodes a request's params (on the reading thread) and returns the work to run concurrently.
    typealias ReadRequestHandler = (JSONCValue?) throws -> (work: ReadRequestWork, atOnce: Bool)
    /// Computes a request's whole reply from a snapshot.
    typealias ReadRequestWork = @Sendable (RequestID, ServerSnapshot, CancellationToken) throws -> [UInt8]

    public init(options: ServerOptions = ServerOptions(), send: @escaping @Sendable ([UInt8]) -> Void) {
        self.options = options
        self.send = send
        self.scheduler = RequestScheduler(send: send)
        let trace = self.trace
        let level = options.logLevel
        var logger = Logger(label: "mockls") { _ in
            ServerLogHandler(standardErrorLevel: level, trace: trace) { params in
                if let bytes = try? OutgoingMessage.notification(method: LogMessageNotification.method, params: params) {
                    send(bytes)
                }
            }
        }
        logger.logLevel = .trace
        self.logger = logger
        registerReadRequests()
    }

    public var snapshot: ServerSnapshot {
        ServerSnapshot(
            documents: documents, conversion: conversion, clientCapabilities: clientCapabilities,
            workspaces: indexer?.snapshot ?? [], diagnosticsDelivery: diagnosticsDelivery, isIndexed: indexer?.isReady ?? false,
            indexer: indexer)
    }

    // MARK: - Incoming messages

    /// Handles one event from the framer. Never throws and never traps on client input.
    public func handle(_ event: MessageFramer.Event) {
        switch event {
        case .headerError(let problem):
            logger.error("malformed message header: \(problem)")
        case .message(let body):
            handle(IncomingMessage.parse(body))
        }
    }

    public func handle(_ message: IncomingMessage) {
        switch message {
        case .request(let id, let method, let params):
            handleRequest(id: id, method: method, params: params)
        case .notification(let method, let params):
            handleNotification(method: method, params: params)
        case .response(let id, let outcome):
            if case .failure(let error) = outcome {
                logger.warning("the client answered request \(id) with an error: \(error.message)")
                if id == watcherRegistrationID {
                    // No watchers after all: look for changes on save instead.
                    watchingFiles = false
                }
            }
        case .invalid(let id, let error, let isResponse):
            logger.error("invalid message: \(error.message)")
            if !isResponse { send(OutgoingMessage.error(id: id, error)) }
        }
    }

    private func handleRequest(id: RequestID, method: String, params: JSONCValue?) {
        switch (phase, method) {
        case (.uninitialized, InitializeRequest.method):
            reply(id) { try self.initialize(self.decode(InitializeRequest.Params.self, params)) }
        case (.uninitialized, _):
            send(OutgoingMessage.error(id: id, .serverNotInitialized))
        case (.running, InitializeRequest.method):
            send(OutgoingMessage.error(id: id, .invalidRequest("initialize may be sent only once")))
        case (.running, ShutdownRequest.method):
            reply(id) {
                _ = try self.decode(ShutdownRequest.Params.self, params)
                self.phase = .shutDown
                self.logger.info("shutdown requested")
                return NullResult()
            }
        case (.shutDown, _):
            send(OutgoingMessage.error(id: id, .invalidRequest("the server is shutting down; only 'exit' is accepted")))
        case (.running, _):
            guard let handler = readRequests[method] else {
                send(OutgoingMessage.error(id: id, .methodNotFound(method)))
                return
            }
            let work: ReadRequestWork
            let cheap: Bool
            do {
                (work, cheap) = try handler(params)
            } catch {
                send(OutgoingMessage.error(id: id, Self.responseError(for: error)))
                return
            }
            let snapshot = self.snapshot
            let logger = self.logger
            // Before the first index a request may have to wait for it: never on the reading thread.
            let atOnce = cheap && snapshot.isIndexed
            let run: @Sendable (CancellationToken) -> [UInt8] = { token in
                do {
                    return try work(id, snapshot, token)
                } catch {
                    let responseError = Self.responseError(for: error)
                    if responseError.code == ResponseError.internalErrorCode {
                        logger.error("\(method) failed: \(error)")
                    }
                    return OutgoingMessage.error(id: id, responseError)
                }
            }
            let scheduled = atOnce ? scheduler.answerAtOnce(id, run) : scheduler.schedule(id, run)
            if !scheduled {
                send(OutgoingMessage.error(id: id, .invalidRequest("request id \(id) is already in use by a pending request")))
            }
        }
    }

    /// Runs a request on the reading thread and sends its result or its error.
    private func reply(_ id: RequestID, _ body: () throws -> some Encodable) {
        do {
            send(try OutgoingMessage.response(id: id, result: body()))
        } catch {
            send(OutgoingMessage.error(id: id, Self.responseError(for: error)))
        }
    }

    private func handleNotification(method: String, params: JSONCValue?) {
        if method == ExitNotification.method {
            exitCode = phase == .shutDown ? 0 : 1
            return
        }
        if method == CancelRequestNotification.method {
            if let cancel = try? decode(CancelParams.self, params) { scheduler.cancel(cancel.id) }
            return
        }
        if method == SetTraceNotification.method {
            if let setTrace = try? decode(SetTraceParams.self, params) { trace.value = setTrace.value }
            return
        }
        guard phase == .running else {
            logger.debug("dropping \(method): the server is \(phase == .shutDown ? "shutting down" : "not initialized")")
            return
        }
        do {
            switch method {
            case InitializedNotification.method:
                logger.info("client initialized")
                registerFileWatchers()
                indexer?.load(workspaceFolders.roots, overlays: graphQLOverlays)
            case DidOpenTextDocumentNotification.method:
                let open = try decode(DidOpenTextDocumentParams.self, params)
                documents.open(open.textDocument)
                logger.debug("opened \(open.textDocument.uri) v\(open.textDocument.version)")
                if let document = documents[open.textDocument.uri], let parse = document.swiftParse {
                    // Pushed diagnostics parse it in a moment; otherwise parse now, off the reading thread, so that
                    // the first request finds it ready. (One parse at a time: a second thread would only wait.)
                    if diagnosticsDelivery?.mode != .push { DispatchQueue.global(qos: .userInitiated).async { _ = parse.file } }
                    diagnosticsDelivery?.changed(document)
                }
                reindexIfGraphQL(open.textDocument.uri)
            case DidChangeTextDocumentNotification.method:
                let change = try decode(DidChangeTextDocumentParams.self, params)
                let uri = change.textDocument.uri
                if let old = documents[uri], change.textDocument.version <= old.version {
                    logger.warning("\(uri): version \(change.textDocument.version) does not follow \(old.version); applying the change anyway")
                }
                let changed = try documents.change(
                    uri, version: change.textDocument.version, changes: change.contentChanges, conversion: conversion)
                if changed.swiftParse != nil { diagnosticsDelivery?.changed(changed) }
                reindexIfGraphQL(uri)
            case DidCloseTextDocumentNotification.method:
                let close = try decode(DidCloseTextDocumentParams.self, params)
                try documents.close(close.textDocument.uri)
                diagnosticsDelivery?.closed(close.textDocument.uri)
                reindexIfGraphQL(close.textDocument.uri)
            case DidSaveTextDocumentNotification.method:
                let save = try decode(DidSaveTextDocumentParams.self, params)
                logger.debug("saved \(save.textDocument.uri)")
                // Without file watching (Neovim on Linux), a save is when new and changed files are looked for. A
                // Swift file with helpers that return mocks or models (or that had some) changes what the tests that
                // call them read: the workspace reads its Swift files again, and open tests are checked again.
                if !watchingFiles || savedHelpers(save.textDocument.uri) {
                    indexer?.load(workspaceFolders.roots, overlays: graphQLOverlays)
                }
            case DidChangeWatchedFilesNotification.method:
                let changes = try decode(DidChangeWatchedFilesParams.self, params).changes
                handleWatchedFileChanges(changes)
            case DidChangeWorkspaceFoldersNotification.method:
                let event = try decode(DidChangeWorkspaceFoldersParams.self, params).event
                let before = workspaceFolders.roots
                workspaceFolders.change(
                    added: event.added.compactMap { Self.fileURL($0.uri) }, removed: event.removed.compactMap { Self.fileURL($0.uri) })
                // Re-announcing an open folder, or adding one inside it, changes nothing.
                let roots = workspaceFolders.roots
                if roots != before { indexer?.setFolders(roots, overlays: graphQLOverlays) }
            default:
                logger.debug("ignoring notification \(method)")
            }
        } catch {
            logger.error("\(method): \(Self.responseError(for: error).message)")
        }
    }

    // MARK: - Lifecycle

    private func initialize(_ params: InitializeParams) -> InitializeResult {
        clientCapabilities = params.capabilities
        trace.value = params.trace ?? .off
        // UTF-8 only when the client prefers it; UTF-16 is the protocol's default and the one every client has.
        let conversion = ProtocolConversion(
            encoding: params.capabilities.general?.positionEncodings?.first == .utf8 ? .utf8 : .utf16)
        self.conversion = conversion
        phase = .running
        workspaceFolders = WorkspaceFolders(Self.folders(params))
        let logger = self.logger
        let send = self.send
        @Sendable func publish(_ uri: DocumentURI, _ version: Int?, _ diagnostics: [LSP.Diagnostic]) {
            let params = PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics)
            if let bytes = try? OutgoingMessage.notification(method: PublishDiagnosticsNotification.method, params: params) {
                send(bytes)
            }
        }
        // Pull only from clients that can be told to pull again: a schema change must reach every open test file.
        let pulls = params.capabilities.textDocument?.diagnostic != nil
            && params.capabilities.workspace?.diagnostics?.refreshSupport == true
        let refreshes = Atomic<Int>(0)
        // The diagnostics read the indexer's snapshots and the indexer tells them when it changed.
        let indexerReference = Mutex<WorkspaceIndexer?>(nil)
        let tests = DiagnosticsDelivery(
            mode: pulls ? .pull : .push,
            workspaces: { indexerReference.withLock { $0 }?.snapshot ?? [] },
            publish: { document, uri, diagnostics in
                publish(uri, document?.version, document.map { document in
                    diagnostics.map { conversion.diagnostic($0, in: document.lines) }
                } ?? [])
            },
            refresh: {
                let id = RequestID.string("mockls-refresh-\(refreshes.add(1, ordering: .relaxed).newValue)")
                if let bytes = try? OutgoingMessage.request(
                    id: id, method: WorkspaceDiagnosticRefreshRequest.method, params: Optional<JSONValue>.none)
                {
                    send(bytes)
                }
            },
            isIndexed: { indexerReference.withLock { $0 }?.isReady ?? false },
            noProject: { uri, why in
                let file = URL(string: uri)?.lastPathComponent ?? uri
                let message = switch why {
                case .configurationErrors(let errors):
                    """
                    mockls cannot use the Apollo configuration for \(file): \(errors.map(\.description).joined(separator: "; ")). \
                    Mock completion and diagnostics are off for this file until it can.
                    """
                case .schemaDeclaresNoType:
                    """
                    mockls found the Apollo configuration for \(file) but no schema types: its schema files do not \
                    parse yet. Mock completion and diagnostics are off for this file until they do.
                    """
                case .noConfiguration:
                    """
                    mockls found no Apollo project for \(file): it reads one from an apollo-codegen-config.json or \
                    graphql-config file in the workspace or in a folder above it, up to the repository's top. Mock \
                    completion and diagnostics are off for this file until it finds one.
                    """
                }
                logger.warning("\(message)")
                if let bytes = try? OutgoingMessage.notification(
                    method: ShowMessageNotification.method, params: LogMessageParams(type: .warning, message: message))
                {
                    send(bytes)
                }
            })
        diagnosticsDelivery = tests
        let indexer = WorkspaceIndexer(
            publish: { file, text, diagnostics in
                publish(file.absoluteString, nil, diagnostics.map { conversion.diagnostic($0, in: text) })
            },
            log: { logger.info("\($0)") }, indexed: { tests.indexChanged() })
        indexerReference.withLock { $0 = indexer }
        self.indexer = indexer
        let client = params.clientInfo.map { [$0.name, $0.version].compactMap { $0 }.joined(separator: " ") } ?? "an unnamed client"
        logger.info("initialized by \(client); positions in \(positionEncoding.rawValue)")
        return InitializeResult(
            capabilities: ServerCapabilities(
                positionEncoding: positionEncoding,
                textDocumentSync: TextDocumentSyncOptions(
                    openClose: true, change: .incremental, save: .init(includeText: false)),
                completionProvider: CompletionOptions(
                    triggerCharacters: ["<", "(", ",", ":", ".", " "], resolveProvider: true,
                    labelDetailsSupport: params.capabilities.textDocument?.completion?.completionItem?.labelDetailsSupport ?? false),
                hoverProvider: true,
                signatureHelpProvider: SignatureHelpOptions(triggerCharacters: ["(", ","], retriggerCharacters: [":"]),
                definitionProvider: true, referencesProvider: true, renameProvider: RenameOptions(prepareProvider: true),
                documentSymbolProvider: true, workspaceSymbolProvider: true,
                diagnosticProvider: pulls ? DiagnosticOptions(interFileDependencies: true, workspaceDiagnostics: false) : nil,
                codeActionProvider: CodeActionOptions(
                    codeActionKinds: ["quickfix", "refactor.rewrite", "source"],
                    resolveProvider: params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.contains("edit") == true
                        ? true : nil),
                workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true))),
            serverInfo: .init(name: "mockls", version: MocklsVersion.string))
    }

    // MARK: - Workspace

    /// The workspace folders of `initialize`: `workspaceFolders`, else `rootUri`, else `rootPath`.
    static func folders(_ params: InitializeParams) -> [URL] {
        if let folders = params.workspaceFolders, !folders.isEmpty { return folders.compactMap { fileURL($0.uri) } }
        if let root = params.rootUri.flatMap(fileURL) { return [root] }
        if let path = params.rootPath { return [URL(fileURLWithPath: path)] }
        return []
    }

    static func fileURL(_ uri: DocumentURI) -> URL? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL
    }

    /// Whether a saved Swift document declares helpers that return mocks or models, or the workspace read some from
    /// it before.
    private func savedHelpers(_ uri: DocumentURI) -> Bool {
        guard uri.hasSuffix(".swift"), let url = Self.fileURL(uri) else { return false }
        if documents[uri]?.swiftFile?.modelHelpers().isEmpty == false { return true }
        return indexer?.snapshot.contains { $0.declaresHelpers(in: url) } ?? false
    }

    static let graphQLExtensions: Set<String> = ["graphql", "graphqls", "gql"]
    static let configurationNames: Set<String> = Set(
        [ProjectDiscovery.apolloConfigurationName] + MockFormatDetector.pinFileNames + GraphQLConfigFile.names)

    /// Open GraphQL documents, whose text wins over the disk.
    private var graphQLOverlays: [URL: [UInt8]] {
        var overlays: [URL: [UInt8]] = [:]
        for uri in documents.uris {
            guard let url = Self.fileURL(uri), Self.graphQLExtensions.contains(url.pathExtension), let document = documents[uri] else { continue }
            overlays[url] = document.lines.bytes
        }
        return overlays
    }

    private func reindexIfGraphQL(_ uri: DocumentURI) {
        guard let url = Self.fileURL(uri), Self.graphQLExtensions.contains(url.pathExtension) else { return }
        indexer?.update(url, text: documents[uri]?.lines.bytes)
    }

    private func handleWatchedFileChanges(_ changes: [FileEvent]) {
        let files = changes.compactMap { Self.fileURL($0.uri) }
        if files.contains(where: { Self.configurationNames.contains($0.lastPathComponent) || $0.path.hasSuffix("+Mock.graphql.swift") }) {
            indexer?.load(workspaceFolders.roots, overlays: graphQLOverlays)
            return
        }
        let overlays = graphQLOverlays
        for file in files where Self.graphQLExtensions.contains(file.pathExtension) {
            indexer?.update(file, text: overlays[file])
        }
    }

    /// Asks the client to watch GraphQL documents and configuration, when it can register watchers dynamically.
    private func registerFileWatchers() {
        guard clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else {
            logger.info("the client cannot watch files for mockls; changes on disk are picked up when a file is saved")
            return
        }
        let patterns = ["**/*.graphql", "**/*.graphqls", "**/*.gql", "**/\(ProjectDiscovery.apolloConfigurationName)",
                        "**/.graphqlrc*", "**/graphql.config.*", "**/Package.resolved", "**/Podfile.lock", "**/*+Mock.graphql.swift"]
        let registration = Registration(
            id: "mockls-watched-files", method: DidChangeWatchedFilesNotification.method,
            registerOptions: DidChangeWatchedFilesRegistrationOptions(watchers: patterns.map(FileSystemWatcher.init)))
        let id = RequestID.number(nextOutgoingID)
        nextOutgoingID += 1
        if let bytes = try? OutgoingMessage.request(
            id: id, method: RegisterCapabilityRequest.method, params: RegistrationParams(registrations: [registration]))
        {
            send(bytes)
            watchingFiles = true
            watcherRegistrationID = id
        }
    }

    // MARK: - Read requests

    /// Registers a request that reads a snapshot; its params are decoded before it is scheduled.
    /// `answersAtOnce`: whether a request costs less than handing it to another thread (it reads one declaration
    /// of a document already parsed), and is answered on the reading thread (see the ordering model).
    func registerReadRequest<R: LSPRequest>(
        _ request: R.Type, answersAtOnce: ((R.Params) -> Bool)? = nil,
        _ body: @escaping @Sendable (R.Params, ServerSnapshot, CancellationToken) throws -> R.Response
    ) {
        readRequests[R.method] = { [unowned self] params in
            let decoded = try self.decode(R.Params.self, params)
            let work: ReadRequestWork = { id, snapshot, token in
                let response = try body(decoded, snapshot, token)
                if token.isCancelled { throw CancellationError() }
                return try OutgoingMessage.response(id: id, result: response)
            }
            return (work, answersAtOnce?(decoded) ?? false)
        }
    }

    /// Whether `uri` is an open Swift document whose tree is parsed: a request that reads one declaration of it
    /// costs tens of microseconds.
    func isParsedSwiftDocument(_ uri: DocumentURI) -> Bool {
        documents[uri]?.swiftParse?.isParsed ?? false
    }

    private func registerReadRequests() {
        registerCompletion()
        registerHover()
        registerSignatureHelp()
        registerSymbols()
        registerReferences()
        registerRename()
        registerDefinition()
        registerPullDiagnostics()
        registerCodeActions()
        if options.testHooks { registerTestHooks() }
    }

    // MARK: - Helpers

    func decode<T: Decodable>(_ type: T.Type, _ params: JSONCValue?) throws -> T {
        guard let params, params.kind != .null else {
            if T.self == NoParams.self { return NoParams() as! T }
            throw ResponseError.invalidParams("missing params")
        }
        do {
            return try JSONCDecoder().decode(type, from: params)
        } catch let error as DecodingError {
            throw ResponseError.invalidParams("invalid params: \(Self.describe(error))")
        }
    }

    static func responseError(for error: any Error) -> ResponseError {
        switch error {
        case let error as ResponseError: return error
        case is CancellationError: return .cancelled
        case let error as DocumentError: return .init(code: ResponseError.requestFailedCode, message: error.description)
        default: return .internalError("internal error: \(error)")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "params" : "params\(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context)).\(key.stringValue) is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
