import Features
import GraphQLIndex
import SwiftAnalysis

/// An identifier of a Swift file and what it stands for (`ReferenceTarget`, nil for something else of the same name).
typealias Occurrence = (range: Range<Int>, target: ReferenceTarget?)

extension FileMemo.Query where Value == [String: [Occurrence]], Reads == OtherFilesDependencies {
    /// The occurrence index of references and rename: per Swift file version, the identifiers of each name asked for
    /// so far, with the declarations of other files its values were read through.
    static var occurrences: Self { Self(name: "occurrences") }
}

extension FileMemo {
    /// The occurrences of `names` in `file`, derived from `inputs` (its text, the index revision and the workspace's
    /// helpers). A query looks a name up and parses only the files that mention it and were not read for it yet (or
    /// changed since), rather than parse every such file again: asking for the references of a label used in every test
    /// parses the workspace once, and each later question about the same names (references again, the other labels of
    /// the same field, a rename after its references) reads what is kept. `read` resolves the names not read in this
    /// version yet, and says what it took from other files; `holds` whether what an entry took is still so. Memory: a
    /// range and a target per occurrence of the names asked for, for the files that mention them.
    func occurrences(
        of names: Set<String>, in file: FileID, inputs: Inputs, holds: (OtherFilesDependencies) -> Bool,
        read: (Set<String>) -> (found: [String: [Occurrence]], dependencies: OtherFilesDependencies)
    ) -> [Occurrence] {
        var known = kept(.occurrences, of: file, inputs: inputs, holds: holds)?.value ?? [:]
        let missing = names.filter { known[$0] == nil }
        if !missing.isEmpty {
            let (found, dependencies) = read(missing)
            for name in missing { known[name] = found[name] ?? [] }
            // Another thread may have read other names of the same version meanwhile: keep both.
            update(.occurrences, of: file, inputs: inputs, holds: holds) { current in
                guard var current else { return (known, dependencies) }
                current.value.merge(known) { kept, _ in kept }
                current.reads.merge(dependencies)
                return current
            }
        }
        return names.flatMap { known[$0] ?? [] }.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
