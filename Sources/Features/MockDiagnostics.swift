import GraphQLIndex
import SwiftAnalysis
import Synchronization

public enum MockDiagnostics {
    /// `cache` keeps each function's diagnostics between calls: a function whose text (and whose type's stored
    /// properties and `setUp`) did not change is not read or followed again. The result is the same without it.
    public static func diagnostics(
        in file: SwiftTestFile, project: ProjectIndex, cache: MockDiagnosticsCache? = nil, options: FixOptions = FixOptions()
    ) -> [TestDiagnostic] {
        diagnostics(in: file, units: file.mockFlowUnits(), project: project, cache: cache, options: options)
    }

    /// The diagnostics of some functions of the file only.
    static func diagnostics(
        in file: SwiftTestFile, units: [MockFlowUnit], project: ProjectIndex, cache: MockDiagnosticsCache? = nil,
        options: FixOptions = FixOptions()
    ) -> [TestDiagnostic] {
        var pending: [PendingDiagnostic] = []
        var preamblesDone: Set<[Range<Int>]> = []
        var used: [MockDiagnosticsCache.Key: [PendingDiagnostic]] = [:]
        used.reserveCapacity(units.count)
        for unit in units {
            // What the stored properties and `setUp` themselves get wrong, once per type.
            if !unit.preambleRanges.isEmpty, preamblesDone.insert(unit.preambleRanges).inserted {
                var evaluator = FlowEvaluator(file: file, project: project, options: options)
                evaluator.run(MockFlow(function: "", range: 0..<0, preamble: unit.preamble(), body: []))
                pending += evaluator.diagnostics.filter { diagnostic in unit.preambleRanges.contains { $0.contains(diagnostic.range.lowerBound) } }
            }
            let key = cache.map { _ in MockDiagnosticsCache.Key(unit, in: file, project: project, options: options) }
            if let key, let cached = used[key] ?? cache?.entry(key) {
                used[key] = cached
                pending += cached.map { $0.rebased(from: 0, to: unit.range.lowerBound) }
                continue
            }
            var evaluator = FlowEvaluator(file: file, project: project, options: options)
            evaluator.run(unit.flow())
            let own = evaluator.diagnostics.filter { unit.range.contains($0.range.lowerBound) }
            pending += own
            if let key { used[key] = own.map { $0.rebased(from: unit.range.lowerBound, to: 0) } }
        }
        cache?.keep(used)
        // Sorted, then the repeats (a type's stored properties are followed for each of its functions) dropped.
        let sorted = pending.map { $0.diagnostic(in: file) }.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code)
        }
        var result: [TestDiagnostic] = []
        for diagnostic in sorted {
            let repeats = result.reversed().prefix { $0.range == diagnostic.range }.contains { $0 == diagnostic }
            if !repeats { result.append(diagnostic) }
        }
        return result
    }
}
