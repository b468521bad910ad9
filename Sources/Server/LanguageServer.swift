import Analysis
import Dispatch
import Foundation
import JSONRPC
import Logging
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

/// What a read request sees: the analysis at the moment the request arrived, with what the server negotiated.
public struct ServerSnapshot: Sendable {
    public let analysis: AnalysisSnapshot
    /// Offsets to LSP values and back, in the encoding negotiated at `initialize`.
    public let conversion: ProtocolConversion
    public let clientCapabilities: ClientCapabilities

    public var documents: DocumentStore { analysis.documents }
    /// The file `uri` names (`ProtocolConversion.file(_:in:)`, an open document's without parsing its URI).
    public func file(_ uri: DocumentURI) -> FileID { conversion.file(uri, in: documents) }
    /// The indexed workspaces as of the last finished indexing (never waits for the indexer).
    public var workspaces: [Workspace] { analysis.workspaces }
}

/// The LSP server: message dispatch, lifecycle and the protocol's view of the analysis. The ordering model is
/// described at the top of `RequestScheduler.swift`; `handle(_:)` must be called from one thread, in arrival order.
/// Lifecycle (`Lifecycle.swift`), notifications (`Notifications.swift`), file watching (`FileWatching.swift`) and
/// each request (`Requests/`) have files of their own.
public final class LanguageServer: @unchecked Sendable {
    // @unchecked: every `var` below is touched only by the thread that calls `handle(_:)`; what other threads
    // use (scheduler, writer, trace, host) is Sendable on its own.

    public enum Phase: Sendable, Equatable { case uninitialized, running, shutDown }

    public internal(set) var phase = Phase.uninitialized
    /// Set by the `exit` notification: the process should end with this code.
    public internal(set) var exitCode: Int32?
    /// The workspaces, documents and caches the answers come from (nil before `initialize`).
    var host: AnalysisHost?
    public var documents: DocumentStore { host?.documents ?? DocumentStore() }
    /// The only holder of the negotiated position encoding.
    public internal(set) var conversion = ProtocolConversion(encoding: .utf16)
    public var positionEncoding: PositionEncodingKind { conversion.encoding }
    public internal(set) var clientCapabilities = ClientCapabilities()
    /// The client's workspace folders, in the order first added (read on the reading thread).
    public var workspaceFolderURLs: [URL] { host?.folderURLs ?? [] }

    public let logger: Logger
    let send: @Sendable ([UInt8]) -> Void
    private let scheduler: RequestScheduler
    let trace = TraceSetting()
    private let options: ServerOptions
    private var readRequests: [String: ReadRequestHandler] = [:]
    var notifications: [String: NotificationHandler] = [:]
    var diagnostics: DiagnosticsPublisher?
    /// Asks the client for coverage lenses again as tests change (nil when it cannot be asked).
    var lensRefresher: CodeLensRefresher?
    var watchingFiles = false
    private let memoryTrim = MemoryTrim()
    var watcherRegistrationID: RequestID?
    var nextOutgoingID: Int64 = 1

    /// Decodes a request's params (on the reading thread) and returns the work to run concurrently.
    typealias ReadRequestHandler = (JSONCValue?) throws -> (work: ReadRequestWork, atOnce: Bool)
    /// Computes a request's whole reply from a snapshot.
    typealias ReadRequestWork = @Sendable (RequestID, ServerSnapshot, CancellationToken) throws -> [UInt8]
    /// Decodes a notification's params and applies it, on the reading thread.
    typealias NotificationHandler = (JSONCValue?) throws -> Void

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
        registerNotifications()
    }

    public var snapshot: ServerSnapshot {
        ServerSnapshot(
            analysis: host?.snapshot ?? .beforeStart, conversion: conversion,
            clientCapabilities: clientCapabilities)
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
        memoryTrim.counted()
        switch message {
        case .request(let id, let method, let params):
            handleRequest(id: id, method: method, params: params)
        case .notification(let method, let params):
            handleNotification(method: method, params: params)
        case .response(let id, let outcome):
            if case .failure(let error) = outcome {
                logger.warning("the client answered request \(id) with an error: \(error.message)")
                if id == watcherRegistrationID {
                    // No watchers after all: the server watches the folders itself.
                    watchFoldersItself(because: "the client refused the file watchers")
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
                self.host?.flush()
                self.host?.stopWatching()
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
            let atOnce = cheap && snapshot.analysis.isIndexed
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
        // Accepted in every phase.
        switch method {
        case ExitNotification.method:
            exitCode = phase == .shutDown ? 0 : 1
            return
        case CancelRequestNotification.method:
            if let cancel = try? decode(CancelParams.self, params) { scheduler.cancel(cancel.id) }
            return
        case SetTraceNotification.method:
            if let setTrace = try? decode(SetTraceParams.self, params) { trace.value = setTrace.value }
            return
        default:
            break
        }
        guard phase == .running else {
            logger.debug("dropping \(method): the server is \(phase == .shutDown ? "shutting down" : "not initialized")")
            return
        }
        guard let handler = notifications[method] else {
            logger.debug("ignoring notification \(method)")
            return
        }
        do {
            try handler(params)
        } catch {
            // A notification has no reply: the error it would get is logged, code and all.
            let error = Self.responseError(for: error)
            logger.error("\(method): \(error.message) (\(error.code))")
        }
    }

    // MARK: - Registration

    /// Registers a notification handled on the reading thread while the server runs; its params are decoded first.
    func registerNotification<N: LSPNotification>(_ notification: N.Type, _ body: @escaping (N.Params) throws -> Void) {
        notifications[N.method] = { [unowned self] params in try body(self.decode(N.Params.self, params)) }
    }

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
        guard let documents = host?.documents else { return false }
        return documents[conversion.file(uri, in: documents)]?.isParsedSwift ?? false
    }

    private func registerReadRequests() {
        for feature in Self.features { feature.register(self) }
        if options.testHooks { registerTestHooks() }
    }

    // MARK: - Helpers

    func decode<T: Decodable>(_ type: T.Type, _ params: JSONCValue?) throws -> T {
        guard let params, params.kind != .null else {
            if T.self == NoParams.self { return NoParams() as! T }
            throw ResponseError.invalidParams("missing params")
        }
        if let readable = T.self as? any JSONReadable.Type, let value = readable.read(params) as? T { return value }
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
