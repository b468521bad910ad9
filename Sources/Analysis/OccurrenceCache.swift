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
/// An entry is one file's text (compared, not hashed), the index revision it was resolved against, and the names
/// read in it; a new text or revision starts the file's entry again. Memory: a range and a target per occurrence
/// of the names asked for, for the files that mention them.
final class OccurrenceCache: Sendable {
    typealias Occurrence = (range: Range<Int>, target: ReferenceTarget?)

    private struct Entry {
        var text: [UInt8]
        var revision: Int
        var byName: [String: [Occurrence]]
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The occurrences of `names` in the file at `path` whose text is `text`, resolved against `index`; `parse` gives
    /// the parsed file when some name was not read in this version yet.
    func occurrences(
        of names: Set<String>, path: String, text: [UInt8], index: ProjectIndex, parse: () -> SwiftFile
    ) -> [Occurrence] {
        var known: [String: [Occurrence]] = [:]
        if let entry = entries.withLock({ $0[path] }), entry.revision == index.revision, entry.text.hasSameBytes(as: text) {
            known = entry.byName
        }
        let missing = names.filter { known[$0] == nil }
        if !missing.isEmpty {
            let found = References.occurrences(named: missing, in: parse(), project: index)
            for name in missing { known[name] = found[name] ?? [] }
            entries.withLock { entries in
                // Another thread may have read other names of the same version meanwhile: keep both.
                if let entry = entries[path], entry.revision == index.revision, entry.text.hasSameBytes(as: text) {
                    entries[path]?.byName.merge(known) { kept, _ in kept }
                } else {
                    entries[path] = Entry(text: text, revision: index.revision, byName: known)
                }
            }
        }
        return names.flatMap { known[$0] ?? [] }.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
