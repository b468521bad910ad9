import Features

/// The caches a host's snapshots share: each open test file's per-function diagnostics, each test file's selection
/// coverage, each Swift file's occurrences and field reads.
final class AnalysisCaches: Sendable {
    let diagnostics = MockDiagnosticsCaches()
    let coverage: SelectionCoverageCache
    let occurrences = OccurrenceCache()
    let fieldReads = FieldReadsCache()
    /// Where each test file's coverage is kept between sessions; nil: it is not.
    let store: CoverageStore?

    init(store: CoverageStore? = nil) {
        self.store = store
        coverage = SelectionCoverageCache(store: store)
    }
}
