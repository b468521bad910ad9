import Foundation

/// Which tests set and read each selected field (`SelectionCoverageReport`).
extension AnalysisSnapshot {
    /// Which tests set and read each field the operations and fragments select (`SelectionCoverageReport`): of
    /// every document, or of the GraphQL document `uri` only.
    public func selectionCoverage(ofDocument uri: String? = nil) throws -> SelectionCoverageReport {
        let documents = uri.map { uri in Set([AnalysisHost.fileURL(uri)?.path].compactMap { $0 }) }
        let report = SelectionCoverageReport(afterFirstIndex() ?? self, documents: documents)
        if isCancelled() { throw CancellationError() }
        return report
    }
}
