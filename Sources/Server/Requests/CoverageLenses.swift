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
            return report.rows.map { row in
                let range = snapshot.conversion.range(of: row.field.range, in: document.lines)
                let tests = row.tests.prefix(Self.lensLocations).map { test in
                    Location(
                        uri: test.file.absoluteString,
                        range: LSP.Range(start: Position(line: test.line, character: 0), end: Position(line: test.line + 1, character: 0)))
                }
                let lensCommand = row.tests.isEmpty
                    ? Command(title: Self.lensTitle(row), command: "", arguments: nil)
                    : Command(
                        title: Self.lensTitle(row), command: command,
                        arguments: OpenTestsArguments(document: uri, position: range.start, tests: Array(tests)).arguments)
                return CodeLens(range: range, command: lensCommand)
            }
        }
    }

    /// Runs `mockls.openTests`: shows the first test where the client can be asked to (`window/showDocument`), and
    /// names them all in a message when there are several or it cannot.
    func openTests(_ arguments: OpenTestsArguments, snapshot: ServerSnapshot) throws -> NullResult {
        let tests = arguments.tests
        guard let first = tests.first else { return NullResult() }
        if snapshot.clientCapabilities.window?.showDocument?.support == true {
            let line = first.range.start.line
            let selection = LSP.Range(start: Position(line: line, character: 0), end: Position(line: line, character: 0))
            if let bytes = try? OutgoingMessage.request(
                id: .string("mockls-show-\(UUID().uuidString)"), method: ShowDocumentRequest.method,
                params: ShowDocumentParams(uri: first.uri, takeFocus: true, selection: selection))
            {
                send(bytes)
            }
            if tests.count == 1 { return NullResult() }
        }
        // Several tests, or a client that cannot show a document: each named by its file and line.
        let names = tests.map { test in "\(URL(string: test.uri)?.lastPathComponent ?? test.uri):\(test.range.start.line + 1)" }
        if let bytes = try? OutgoingMessage.notification(
            method: ShowMessageNotification.method,
            params: LogMessageParams(type: .info, message: "\(tests.count) test\(tests.count == 1 ? "" : "s"): " + names.joined(separator: ", ")))
        {
            send(bytes)
        }
        return NullResult()
    }

    /// "set in 3 tests · read in 1", "set in 2 tests · no test reads this", "no test sets or reads this", with the
    /// tests mockls could not follow there.
    static func lensTitle(_ row: SelectionCoverageReport.Row) -> String {
        let (set, read) = (row.setCount, row.readCount)
        var parts: [String] = []
        if set == 0, read == 0 {
            parts.append("no test sets or reads this")
        } else {
            if set > 0 { parts.append("set in \(set) test\(set == 1 ? "" : "s")") }
            if read > 0 { parts.append(set > 0 ? "read in \(read)" : "read in \(read) test\(read == 1 ? "" : "s")") }
            else { parts.append("no test reads this") }
        }
        if row.unknown > 0 { parts.append("\(row.unknown) not followed") }
        return parts.joined(separator: " · ")
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
