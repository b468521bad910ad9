import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// Diagnostics and their fixes' edits as the protocol carries them, pushed or pulled.
extension ProtocolConversion {
    func edits(_ fixes: [GraphQLIndex.Diagnostic.Fix], in lines: LineTable) -> [TextEdit] {
        fixes.map { TextEdit(range: range(of: $0.range, in: lines), newText: $0.text) }
    }

    /// A document's diagnostics, their positions computed at once (`LineTable.positions`).
    func diagnostics(_ diagnostics: [GraphQLIndex.Diagnostic], in lines: LineTable) -> [LSP.Diagnostic] {
        let positions = lines.positions(of: diagnostics.flatMap { [$0.range.lowerBound, $0.range.upperBound] }, unit: unit)
        return diagnostics.enumerated().map { index, diagnostic in
            self.diagnostic(diagnostic, range: PositionRange(
                start: Position(line: positions[2 * index].line, character: positions[2 * index].column),
                end: Position(line: positions[2 * index + 1].line, character: positions[2 * index + 1].column)))
        }
    }

    func diagnostic(_ diagnostic: GraphQLIndex.Diagnostic, in lines: LineTable) -> LSP.Diagnostic {
        self.diagnostic(diagnostic, range: range(of: diagnostic.range, in: lines))
    }

    private func diagnostic(_ diagnostic: GraphQLIndex.Diagnostic, range: PositionRange) -> LSP.Diagnostic {
        let severity: DiagnosticSeverity = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .information: .information
        case .hint: .hint
        }
        return LSP.Diagnostic(
            range: range, severity: severity, code: diagnostic.code.rawValue, message: diagnostic.message,
            tags: diagnostic.code.marksUnnecessaryCode ? [.unnecessary] : nil)
    }

    /// A pushed document's diagnostics (`textDocument/publishDiagnostics`).
    func publishDiagnostics(
        _ diagnostics: [GraphQLIndex.Diagnostic], of uri: DocumentURI, version: Int?, in lines: LineTable
    ) -> PublishDiagnosticsParams {
        PublishDiagnosticsParams(uri: uri, version: version, diagnostics: self.diagnostics(diagnostics, in: lines))
    }

    /// A pulled document's diagnostics.
    func diagnosticReport(_ found: (lines: LineTable, diagnostics: [GraphQLIndex.Diagnostic])?) -> FullDocumentDiagnosticReport {
        FullDocumentDiagnosticReport(items: found.map { diagnostics($0.diagnostics, in: $0.lines) } ?? [])
    }
}
