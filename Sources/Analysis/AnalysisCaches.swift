import Features

/// What a host's snapshots keep between requests: what they derive from each file (`FileMemo`), and the parts of
/// the coverage reports the editor's lenses ask for again, with the store that keeps each file's coverage between
/// sessions.
final class AnalysisCaches: Sendable {
    let memo = FileMemo()
    let coverage: SelectionCoverageCache
    /// Where each test file's coverage is kept between sessions; nil: it is not.
    let store: CoverageStore?

    init(store: CoverageStore? = nil) {
        self.store = store
        coverage = SelectionCoverageCache(store: store, memo: memo)
    }
}
