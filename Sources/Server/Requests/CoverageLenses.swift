import Analysis
import Dispatch
import Foundation
import JSONRPC
import LSP
import Synchronization

/// Selection coverage in a GraphQL document (`SelectionCoverageReport`): a lens on each selected field ("set in 3
/// tests · read in 1", "no test sets or reads this") whose command opens the tests; asked for again (when the client
/// can be asked) as test files change.
extension LanguageServer {
    /// Run by the server: opens the tests of a lens (`window/showDocument`), or names them when the client cannot show a document.
    static let openTestsCommand = "mockls.openTests"
    /// Run by a client that says so (`experimental.mocklsCommands`; VS Code's extension, which shows them in its peek view).
    static let showTestsCommand = "mockls.showTests"
    /// The tests a lens's command carries, the first in file order: a field thousands of tests touch would otherwise
    /// send megabytes with every lens request, for a list nobody reads to the end (the title counts them all).
    static let lensLocations = 100

    func registerCoverageLenses() {
        registerReadRequest(CodeLensRequest.self, answersAtOnce: { _ in false }) { params, snapshot, token in
            let uri = params.textDocument.uri
            guard let document = snapshot.documents[uri], !document.isSwift else { return [] }
            let report = try snapshot.analysis.cancellable { token.isCancelled }.selectionCoverage(ofDocument: uri)
            let command = snapshot.clientCapabilities.experimental?.mocklsCommands?.contains(Self.showTestsCommand) == true
                ? Self.showTestsCommand : Self.openTestsCommand
            return report.rows.map { snapshot.conversion.lens($0, uri: uri, in: document.lines, command: command) }
        }
    }

    /// Runs `mockls.openTests`: shows the first test where the client can be asked to (`window/showDocument`), and
    /// names them all in a message when there are several or it cannot.
    func openTests(_ arguments: OpenTestsArguments, snapshot: ServerSnapshot) throws -> NullResult {
        let tests = arguments.tests
        guard let first = tests.first else { return NullResult() }
        if snapshot.clientCapabilities.window?.showDocument?.support == true {
            showDocument(snapshot.conversion.showDocument(first.uri, line: first.range.start.line))
            if tests.count == 1 { return NullResult() }
        }
        // Several tests, or a client that cannot show a document: each named by its file and line.
        let names = tests.map { test in "\(URL(string: test.uri)?.lastPathComponent ?? test.uri):\(test.range.start.line + 1)" }
        showMessage("\(tests.count) test\(tests.count == 1 ? "" : "s"): " + names.joined(separator: ", "))
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
