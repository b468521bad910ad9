import Analysis
import Foundation
import JSONRPC
import LSP
import Synchronization

/// `initialize`: what the client can do, the position encoding, the workspace folders, the analysis host and the
/// diagnostics publisher, and what the server offers.
extension LanguageServer {
    func initialize(_ params: InitializeParams) -> InitializeResult {
        clientCapabilities = params.capabilities
        // lsp-mode 8 (clientInfo "emacs") declares resource operations but applies a workspace edit's text edits
        // before its file creations, leaving a created file empty: it is a client that creates no files here, and
        // gets the server-run commands instead.
        if params.clientInfo?.name == "emacs" { clientCapabilities.workspace?.workspaceEdit?.resourceOperations = nil }
        trace.value = params.trace ?? .off
        // UTF-8 only when the client prefers it; UTF-16 is the protocol's default and the one every client has.
        let conversion = ProtocolConversion(
            encoding: params.capabilities.general?.positionEncodings?.first == .utf8 ? .utf8 : .utf16)
        self.conversion = conversion
        phase = .running
        let logger = self.logger
        let send = self.send
        // Pull only from clients that can be told to pull again: a schema change must reach every open test file.
        let pulls = Self.clientPulls(params)
        // The publisher reads the host's snapshots, and the host tells it when the index changed.
        let hostReference = Mutex<AnalysisHost?>(nil)
        let publisher = DiagnosticsPublisher(
            mode: pulls ? .pull : .push,
            analysis: { hostReference.withLock { $0 }?.snapshot ?? .beforeStart },
            publish: { uri, version, lines, diagnostics in
                let params = conversion.publishDiagnostics(diagnostics, of: uri, version: version, in: lines)
                if let bytes = try? OutgoingMessage.notification(method: PublishDiagnosticsNotification.method, params: params) {
                    send(bytes)
                }
            },
            refresh: Self.refreshRequester(send),
            noProject: { uri, why in
                let message = Self.noProjectMessage(conversion.file(uri), why)
                logger.warning("\(message)")
                if let bytes = try? OutgoingMessage.notification(
                    method: ShowMessageNotification.method, params: ProtocolConversion.message(.warning, message))
                {
                    send(bytes)
                }
            })
        diagnostics = publisher
        let lenses = params.capabilities.workspace?.codeLens?.refreshSupport == true ? CodeLensRefresher(send: send) : nil
        lensRefresher = lenses
        let host = AnalysisHost(folders: Self.folders(params, conversion), keepsCoverage: true, log: { logger.info("\($0)") }, indexed: {
            publisher.indexChanged()
            lenses?.changed()
        })
        hostReference.withLock { $0 = host }
        self.host = host
        let client = params.clientInfo.map { [$0.name, $0.version].compactMap { $0 }.joined(separator: " ") } ?? "an unnamed client"
        logger.info("initialized by \(client); positions in \(positionEncoding.rawValue)")
        let base = ServerCapabilities(
            positionEncoding: positionEncoding,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental, save: .init(includeText: false)),
            workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true)))
        return InitializeResult(
            capabilities: Self.capabilities(base, for: params),
            serverInfo: .init(name: "mockls", version: MocklsVersion.string))
    }

    /// Whether the client pulls diagnostics and can be told to pull again: a schema change must reach every open test
    /// file. Only such a client is told that the server answers pulls (`ServerFeature.pullDiagnostics`).
    static func clientPulls(_ params: InitializeParams) -> Bool {
        params.capabilities.textDocument?.diagnostic != nil && params.capabilities.workspace?.diagnostics?.refreshSupport == true
    }

    /// Sends a `workspace/diagnostic/refresh` request, each with an id of its own.
    private static func refreshRequester(_ send: @escaping @Sendable ([UInt8]) -> Void) -> @Sendable () -> Void {
        let refreshes = Atomic<Int>(0)
        return {
            let id = RequestID.string("mockls-refresh-\(refreshes.add(1, ordering: .relaxed).newValue)")
            if let bytes = try? OutgoingMessage.request(
                id: id, method: WorkspaceDiagnosticRefreshRequest.method, params: Optional<JSONValue>.none)
            {
                send(bytes)
            }
        }
    }

    /// What the user is told of a test file that gets no mock completion or diagnostics, and why.
    static func noProjectMessage(_ document: FileID, _ why: DiagnosticsPublisher.NoProject) -> String {
        let file = document.lastPathComponent
        return switch why {
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
    }

    /// The workspace folders of `initialize`: `workspaceFolders`, else `rootUri`, else `rootPath`.
    static func folders(_ params: InitializeParams, _ conversion: ProtocolConversion) -> [URL] {
        if let folders = params.workspaceFolders, !folders.isEmpty { return folders.compactMap { conversion.url($0.uri) } }
        if let root = params.rootUri.flatMap(conversion.url) { return [root] }
        if let path = params.rootPath { return [URL(fileURLWithPath: path)] }
        return []
    }
}
