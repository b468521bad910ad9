import Foundation

/// Which tests set and read each selected field (`SelectionCoverageReport`).
extension AnalysisSnapshot {
    /// Which tests set and read each field the operations and fragments select (`SelectionCoverageReport`): of
    /// every document, or of the GraphQL document `id` only.
    public func selectionCoverage(ofDocument id: FileID? = nil) throws -> SelectionCoverageReport {
        let documents = id.map { id in id.isFile ? [id.path] : Set<String>() }
        let report = SelectionCoverageReport(afterFirstIndex() ?? self, documents: documents)
        if isCancelled() { throw CancellationError() }
        return report
    }
}
