import Features
import GraphQLIndex
import Synchronization
import SwiftAnalysis

/// The occurrence index of references and rename: per Swift file version, the identifiers of each name asked for
/// so far, with what each stands for (`ReferenceTarget`, nil for something else of the same name). A query looks a
/// name up and parses only the files that mention it and were not read for it yet (or changed since), rather than
/// parse every such file again: asking for the references of a label used in every test parses the workspace once,
/// and each later question about the same names (references again, the other labels of the same field, a rename
/// after its references) reads the table.
///
/// An entry is one file's text (compared, not hashed), the index revision and workspace helpers it was resolved
/// against, the names read in it, and the declarations of other files its values were read through
/// (`OtherFilesDependencies`); a new text, revision or helpers, or another declaration, starts the file's entry again.
/// Memory: a range and a target per occurrence of the names asked for, for the files that mention them.
final class OccurrenceCache: Sendable {
    typealias Occurrence = (range: Range<Int>, target: ReferenceTarget?)

    private struct Entry {
        var text: [UInt8]
        var revision: Int
        var helpers: Int
        var byName: [String: [Occurrence]]
        var dependencies: OtherFilesDependencies

        func isFor(text: [UInt8], revision: Int, helpers: Int) -> Bool {
            self.revision == revision && self.helpers == helpers && self.text.hasSameBytes(as: text)
        }
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The occurrences of `names` in the file at `path` whose text is `text`, resolved against `index` and the
    /// workspace's helpers (`helpers`: their fingerprint); `read` resolves the names not read in this version yet, and
    /// says what it took from other files; `holds` whether what an entry took is still so.
    func occurrences(
        of names: Set<String>, path: String, text: [UInt8], index: ProjectIndex, helpers: Int, holds: (OtherFilesDependencies) -> Bool,
        read: (Set<String>) -> (found: [String: [Occurrence]], dependencies: OtherFilesDependencies)
    ) -> [Occurrence] {
        var known: [String: [Occurrence]] = [:]
        if let entry = entries.withLock({ $0[path] }), entry.isFor(text: text, revision: index.revision, helpers: helpers), holds(entry.dependencies) {
            known = entry.byName
        }
        let missing = names.filter { known[$0] == nil }
        if !missing.isEmpty {
            let (found, dependencies) = read(missing)
            for name in missing { known[name] = found[name] ?? [] }
            entries.withLock { entries in
                // Another thread may have read other names of the same version meanwhile: keep both.
                if let entry = entries[path], entry.isFor(text: text, revision: index.revision, helpers: helpers), holds(entry.dependencies) {
                    entries[path]?.byName.merge(known) { kept, _ in kept }
                    entries[path]?.dependencies.merge(dependencies)
                } else {
                    entries[path] = Entry(text: text, revision: index.revision, helpers: helpers, byName: known, dependencies: dependencies)
                }
            }
        }
        return names.flatMap { known[$0] ?? [] }.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
