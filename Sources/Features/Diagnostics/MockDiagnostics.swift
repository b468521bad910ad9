import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// Diagnostics of a test file against its project: reads that crash because a mock never set the field, and mocks
/// that do not fit what they are given to. Each function is followed from its mocks' constructions to the reads of
/// the models built from them; whatever leaves the function's sight is not judged.
public enum MockDiagnostics {
    /// `options` say what fixes write, and have no default: every caller (the editor, `mockls check`) passes the
    /// workspace's, so that their fixes agree. `cache` keeps each function's diagnostics between calls: a function
    /// whose text (and whose type's stored properties and `setUp`, and the helpers it may call) did not change is not
    /// read or followed again. The result is the same without it. `helpers`: those of the workspace's other files; the file's own are read from it.
    public static func diagnostics(
        in file: SwiftFile, project: ProjectIndex, cache: MockDiagnosticsCache? = nil, options: TestConventions,
        helpers: WorkspaceHelpers = .none
    ) -> [Diagnostic] {
        let found = diagnostics(in: file, units: file.mockFlowUnits(), project: project, cache: cache, options: options, helpers: helpers)
        // On Apollo iOS 2, what of 1.x the file still writes.
        guard options.isOnApolloTwo, project.format.release == .two else { return found }
        return (found + Apollo2Diagnostics.diagnostics(in: file, project: project)).sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code)
        }
    }

    /// The diagnostics of some functions of the file only.
    static func diagnostics(
        in file: SwiftFile, units: [MockFlowUnit], project: ProjectIndex, cache: MockDiagnosticsCache? = nil,
        options: TestConventions = TestConventions(), helpers workspaceHelpers: WorkspaceHelpers = .none
    ) -> [Diagnostic] {
        let withFile = workspaceHelpers.including(file)
        // A cached function stays valid while the helpers it looked up are the same: an edit to another helper, or
        // another file, does not make it run again.
        let ownMockObjects = file.ownMockObjects()
        func dependencies(_ names: [String]) -> Int {
            var hasher = Hasher()
            hasher.combine(ownMockObjects)
            for name in names {
                hasher.combine(name)
                hasher.combine((withFile.byName[name] ?? []).map(\.fingerprint).sorted())
                hasher.combine(withFile.mutatedFixtures.contains(name))
            }
            return hasher.finalize()
        }
        let setting = FlowEvaluator.Setting(file: file, project: project, options: options, helpers: withFile, ownMockObjects: ownMockObjects)
        var pending: [PendingDiagnostic] = []
        var preamblesDone: Set<[Range<Int>]> = []
        var used: [MockDiagnosticsCache.Key: MockDiagnosticsCache.Entry] = [:]
        used.reserveCapacity(units.count)
        var followed = 0
        for unit in units {
            // What the stored properties and `setUp` themselves get wrong, once per type.
            if !unit.preambleRanges.isEmpty, preamblesDone.insert(unit.preambleRanges).inserted {
                var evaluator = FlowEvaluator(setting: setting)
                evaluator.run(MockFlow(function: "", range: 0..<0, preamble: unit.preamble(), body: []))
                pending += evaluator.diagnostics.filter { diagnostic in unit.preambleRanges.contains { $0.contains(diagnostic.range.lowerBound) } }
            }
            let key = cache.map { _ in MockDiagnosticsCache.Key(unit, in: file, project: project, options: options) }
            if let key, let cached = used[key] ?? cache?.entry(key), cached.dependencyHash == dependencies(cached.helperNames) {
                used[key] = cached
                pending += cached.diagnostics.map { $0.rebased(from: 0, to: unit.range.lowerBound) }
                continue
            }
            var evaluator = FlowEvaluator(setting: setting)
            evaluator.run(unit.flow())
            followed += 1
            let own = evaluator.diagnostics.filter { unit.range.contains($0.range.lowerBound) }
            pending += own
            if let key {
                let names = evaluator.helperNamesLookedUp.sorted()
                used[key] = MockDiagnosticsCache.Entry(
                    diagnostics: own.map { $0.rebased(from: unit.range.lowerBound, to: 0) }, helperNames: names,
                    dependencyHash: dependencies(names))
            }
        }
        cache?.keep(used, followed: followed)
        // Sorted, then the repeats merged: a type's stored properties are followed for each of its functions, and a
        // loop's body once per element, so one read of several like mocks says the same thing more than once.
        let sorted = pending.map { $0.diagnostic(in: file) }.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code)
        }
        var result: [Diagnostic] = []
        var repeats: [Int: [[Diagnostic.Fix]]] = [:]
        for diagnostic in sorted {
            let first = result.indices.reversed().prefix { result[$0].range == diagnostic.range }.first {
                result[$0].code == diagnostic.code && result[$0].severity == diagnostic.severity
                    && result[$0].message == diagnostic.message
            }
            if let first {
                repeats[first, default: [result[first].fixes]].append(diagnostic.fixes)
            } else {
                result.append(diagnostic)
            }
        }
        for (index, fixes) in repeats { result[index].fixes = merged(fixes, in: file.lines.bytes) }
        return result
    }

    /// The fixes of one diagnostic found several times. The same fixes each time stay; fixes that each set the field
    /// on another mock (the elements of a list a loop reads) become one edit that sets it on all of them, since
    /// setting it on one leaves the others crashing. Nothing, if one repeat has no fix or two fixes collide.
    private static func merged(_ repeats: [[Diagnostic.Fix]], in text: [UInt8]) -> [Diagnostic.Fix] {
        guard let first = repeats.first, repeats.contains(where: { $0 != first }) else { return repeats.first ?? [] }
        var parts: [Diagnostic.Fix] = []
        for fixes in repeats {
            guard let fix = fixes.first else { return [] }
            if !parts.contains(fix) { parts.append(fix) }
        }
        parts.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        for (before, after) in zip(parts, parts.dropFirst()) {
            // Overlapping, or two insertions at one place, whose order nothing decides.
            if after.range.lowerBound < before.range.upperBound || after.range.lowerBound == before.range.lowerBound { return [] }
        }
        guard let start = parts.first?.range.lowerBound, let end = parts.last?.range.upperBound, end <= text.count else { return [] }
        var replacement: [UInt8] = []
        var at = start
        for part in parts {
            replacement += text[at..<part.range.lowerBound]
            replacement += Array(part.text.utf8)
            at = part.range.upperBound
        }
        let title = parts.allSatisfy({ $0.title == parts[0].title }) && parts[0].title.contains(" on the ")
            ? parts[0].title.replacingOccurrences(of: " on the ", with: " on each of the \(parts.count) ")
            : "Fix each of the \(parts.count) mocks read here"
        return [Diagnostic.Fix(title: title, range: start..<end, text: String(decoding: replacement, as: UTF8.self), isPreferred: true)]
    }
}
