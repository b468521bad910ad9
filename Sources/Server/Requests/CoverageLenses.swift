import Analysis
import Dispatch
import Foundation
import JSONRPC
import LSP
import Synchronization

/// Selection coverage in a GraphQL document (`SelectionCoverageReport`): a lens on each selected field ("set in 3
/// tests · read in 1", "no test sets or reads this") whose command opens the tests, and, where the app's code is
/// followed into its operation or fragment, a second one ("read in 2 app files", "no app code reads this") whose command
/// opens the app's reads; asked for again (when the client can be asked) as Swift files change.
extension LanguageServer {
    func registerCoverageLenses() {
        registerReadRequest(CodeLensRequest.self, answersAtOnce: { _ in false }) { params, snapshot, token in
            let uri = params.textDocument.uri
            guard let document = snapshot.documents[snapshot.file(uri)], !document.isSwift else { return [] }
            let report = try snapshot.analysis.cancellable { token.isCancelled }.selectionCoverage(ofDocument: snapshot.file(uri))
            return snapshot.conversion.lenses(of: report.rows, uri: uri, in: document.lines, capabilities: snapshot.clientCapabilities)
        }
    }

    /// Runs `mockls.openTests` or `mockls.openReads`: shows the first place where the client can be asked to
    /// (`window/showDocument`), and names them all in a message when there are several or it cannot.
    func openLocations(_ arguments: LensLocationsArguments, of kind: LensLocations, snapshot: ServerSnapshot) throws -> NullResult {
        let locations = arguments.locations
        guard let first = locations.first else { return NullResult() }
        if snapshot.clientCapabilities.window?.showDocument?.support == true {
            showDocument(snapshot.conversion.showDocument(first.uri, line: first.range.start.line))
            if locations.count == 1 { return NullResult() }
        }
        // Several places, or a client that cannot show a document: each named by its file and line.
        let names = locations.map { location in
            "\(snapshot.file(location.uri).lastPathComponent):\(location.range.start.line + 1)"
        }
        showMessage("\(locations.count) \(kind.noun)\(locations.count == 1 ? "" : "s"): " + names.joined(separator: ", "))
        return NullResult()
    }
}

/// Asks the client for its lenses again, at most once per `delay`, after test files or the index change: a client
/// that can be asked (`workspace.codeLens.refreshSupport`) shows coverage as the tests are edited.
final class CodeLensRefresher: Sendable {
    private let send: @Sendable ([UInt8]) -> Void
    private let pending = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    private let delay: DispatchTimeInterval

    init(delay: DispatchTimeInterval = .milliseconds(300), send: @escaping @Sendable ([UInt8]) -> Void) {
        self.delay = delay
        self.send = send
    }

    func changed() {
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            pending.store(false, ordering: .releasing)
            let id = RequestID.string("mockls-lens-refresh-\(count.add(1, ordering: .relaxed).newValue)")
            if let bytes = try? OutgoingMessage.request(id: id, method: CodeLensRefreshRequest.method, params: Optional<JSONValue>.none) {
                send(bytes)
            }
        }
    }
}

extension ServerFeature {
    static let coverageLenses = ServerFeature(methods: [CodeLensRequest.method], register: { $0.registerCoverageLenses() }) { capabilities, _ in
        capabilities.codeLensProvider = CodeLensOptions(resolveProvider: false)
    }
}
