import GraphQLIndex

/// `unused-field` and `read-only-by-tests`: fields a query or fragment selects that no Swift code reads, or that only
/// tests read (`FieldReads` says what each file reads).
///
/// Never reported, because they serve Apollo rather than the code that reads the model, or because "unused" would be a
/// guess:
/// - `__typename` and `id` (the normalized cache and type cases depend on them);
/// - the fields of mutations and subscriptions, and of the fragments they spread (their results update the normalized
///   cache, which the app's watched queries read without naming them);
/// - the fields of an operation or fragment none of whose fields the app's code is followed into (the app reads it in
///   ways mockls does not follow, or the workspace does not hold the app's code);
/// - any field, when some file reads Apollo's storage (`__data`, `_fieldData`, `asDictionary`) on a value mockls cannot
///   type;
/// - a field below one already reported (the fix removes it with its parent);
/// - the fields of a document that does not parse (the index holds its last good version, whose places are not the
///   text's), and a field that is an error itself (`unknown-field`).
public enum UnusedFields {
    /// The hints, by document path. `app` and `tests`: what each app file and each test file reads.
    public static func diagnostics(of project: ProjectIndex, app: [FieldReads], tests: [FieldReads]) -> [String: [Diagnostic]] {
        guard !tests.contains(where: \.readsEverything) else { return [:] }
        let (testRead, testNames) = readSets(tests)
        // A read of `hero.name` reads `hero` too.
        let testReached = withAncestors(testRead)
        let sites = SelectionSites.of(project)
        var found: [String: [Diagnostic]] = [:]
        var reported: Set<SelectionCoverage.FieldID> = []
        for (field, name) in unreadByApp(of: project, app: app, sites: sites) {
            let id = field.id
            // Under a field reported already: its fix removes this one too.
            if let parent = parent(of: id), reported.contains(parent) {
                reported.insert(id)
                continue
            }
            // "Only tests read it" is a claim about reads of this model: a test's `xs.count` or `stub.pages[1]` on a
            // value mockls cannot type is not one (RickMortyLLM's `characters.info.count`). It is said, not counted.
            let readByTests = testReached.contains(id)
            let nameInTests = !readByTests && testNames.contains(name)
            let owner = sites.definitions[id.definition]
            let what = owner.map { "\($0.kind == "fragment" ? "fragment" : $0.kind) \(id.definition)" } ?? id.definition
            let diagnostic: Diagnostic
            if readByTests {
                diagnostic = Diagnostic(
                    severity: .hint, code: .readOnlyByTests,
                    message: "only tests read \(id.path) of \(what) (its model's property `\(name)`), no app code: the app fetches it for nothing",
                    range: field.range, fixes: removal(of: id, in: project, sites: sites).map { [$0] } ?? [])
            } else {
                reported.insert(id)
                diagnostic = Diagnostic(
                    severity: .hint, code: .unusedField,
                    message: nameInTests
                        ? "no app code reads \(id.path) of \(what) (its model's property `\(name)`): the field is fetched for nothing (tests read a `\(name)` of values mockls cannot tie to this model)"
                        : "no Swift code reads \(id.path) of \(what) (its model's property `\(name)`): the field is fetched for nothing",
                    range: field.range, fixes: removal(of: id, in: project, sites: sites).map { [$0] } ?? [])
            }
            found[field.document, default: []].append(diagnostic)
        }
        return found
    }

    /// The Swift names of the fields that app code does not read, where a hint may be said (what tests read matters
    /// only for them: `mockls check` reads its test files for these names alone).
    public static func unreadByApp(of project: ProjectIndex, app: [FieldReads]) -> Set<String> {
        Set(unreadByApp(of: project, app: app, sites: SelectionSites.of(project)).map(\.name))
    }

    /// The fields no app code reads, with their Swift names, in document order, among those a hint may be said of
    /// (the header's list of what is never reported).
    private static func unreadByApp(
        of project: ProjectIndex, app: [FieldReads], sites: SelectionSites
    ) -> [(field: SelectionCoverage.SelectedField, name: String)] {
        guard !app.contains(where: \.readsEverything) else { return [] }
        let (appRead, appNames) = readSets(app)
        let appReached = withAncestors(appRead)
        let cacheOnly = cacheUpdatingDefinitions(sites)
        let followed = Set(appRead.map(\.definition))
        // A field that is an error itself (`unknown-field`: no model property is generated for it) is that error only.
        let errors = project.diagnostics.mapValues { $0.filter { $0.severity == .error }.map(\.range) }
        return SelectionCoverage.selectedFields(of: project).compactMap { field in
            let id = field.id
            guard followed.contains(id.definition), !cacheOnly.contains(id.definition), id.key != "id", id.key != "__typename",
                project.documents[field.document]?.parsed.errors.isEmpty == true,
                errors[field.document]?.contains(where: { $0.overlaps(field.range) }) != true
            else { return nil }
            let name = id.swiftName(in: project)
            return appReached.contains(id) || appNames.contains(name) ? nil : (field, name)
        }
    }

    private static func readSets(_ files: [FieldReads]) -> (fields: Set<SelectionCoverage.FieldID>, names: Set<String>) {
        var fields: Set<SelectionCoverage.FieldID> = []
        var names: Set<String> = []
        for file in files {
            fields.formUnion(file.fields)
            names.formUnion(file.names)
        }
        return (fields, names)
    }

    /// `ids` with the fields they are nested in.
    public static func withAncestors(_ ids: Set<SelectionCoverage.FieldID>) -> Set<SelectionCoverage.FieldID> {
        var all = ids
        for id in ids {
            var next = parent(of: id)
            while let current = next, all.insert(current).inserted { next = parent(of: current) }
        }
        return all
    }

    private static func parent(of id: SelectionCoverage.FieldID) -> SelectionCoverage.FieldID? {
        guard let dot = id.path.lastIndex(of: ".") else { return nil }
        return SelectionCoverage.FieldID(definition: id.definition, path: String(id.path[..<dot]))
    }

    /// Mutations, subscriptions, and the fragments they spread.
    private static func cacheUpdatingDefinitions(_ sites: SelectionSites) -> Set<String> {
        var found: Set<String> = []
        for (name, definition) in sites.definitions where definition.kind == "mutation" || definition.kind == "subscription" {
            found.insert(name)
            found.formUnion(sites.fragments(spreadIn: name))
        }
        return found
    }

    // MARK: The fix

    /// One edit that removes every selection of `id` in its definition (a field selected in several type conditions
    /// is written several times), with the lines they leave empty; a selection set left with nothing but `__typename`
    /// goes with the field that opens it. Nil when the definition would be left with no selection.
    static func removal(of id: SelectionCoverage.FieldID, in project: ProjectIndex, sites: SelectionSites) -> Diagnostic.Fix? {
        guard let definition = sites.definitions[id.definition], let text = project.documents[definition.document]?.text else { return nil }
        let path = id.path.split(separator: ".").map(String.init)
        var ranges: [Range<Int>] = []
        /// Removes the selections of `path` below `set`; whether `set` is left with nothing to select.
        func remove(_ path: ArraySlice<String>, in set: SelectionSet) -> Bool {
            var removed: [Range<Int>] = []
            var kept = 0
            for selection in set.selections {
                switch selection {
                case .field(let field) where field.responseKey == path.first:
                    if path.count == 1 {
                        removed.append(field.range)
                    } else if let nested = field.selectionSet, remove(path.dropFirst(), in: nested) {
                        // Its selections all went: the field goes (its inner ranges are inside its own).
                        ranges.removeAll { field.range.contains($0.lowerBound) }
                        removed.append(field.range)
                    } else {
                        kept += 1
                    }
                case .field(let field) where field.responseKey == "__typename":
                    continue
                case .inlineFragment(let inline):
                    if remove(path, in: inline.selectionSet) {
                        ranges.removeAll { inline.range.contains($0.lowerBound) }
                        removed.append(inline.range)
                    } else {
                        kept += 1
                    }
                default:
                    kept += 1
                }
            }
            ranges += removed
            return kept == 0 && !removed.isEmpty
        }
        guard !remove(path[...], in: definition.selectionSet), !ranges.isEmpty else { return nil }
        let lines = ranges.map { wholeLines(of: $0, in: text) }.sorted { $0.lowerBound < $1.lowerBound }
        // One replacement from the first removal to the last, keeping what lies between.
        var replacement: [UInt8] = []
        var cursor = lines[0].lowerBound
        for range in lines where range.lowerBound >= cursor {
            replacement += text[cursor..<range.lowerBound]
            cursor = range.upperBound
        }
        let span = lines[0].lowerBound..<cursor
        return Diagnostic.Fix(
            title: "Remove \(path.last!) from \(definition.kind == "fragment" ? "fragment" : definition.kind) \(id.definition)",
            range: span, text: String(decoding: replacement, as: UTF8.self), isPreferred: true)
    }

    /// `range` with the blanks before it on its line and, when nothing else is on its lines, the line break after it.
    private static func wholeLines(of range: Range<Int>, in text: [UInt8]) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") || text[start - 1] == UInt8(ascii: ",") {
            start -= 1
        }
        var end = range.upperBound
        while end < text.count, text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") || text[end] == UInt8(ascii: ",") { end += 1 }
        let startsLine = start == 0 || text[start - 1] == UInt8(ascii: "\n")
        if startsLine, end < text.count, text[end] == UInt8(ascii: "\n") { return start..<(end + 1) }
        if startsLine, end < text.count, text[end] == UInt8(ascii: "\r"), end + 1 < text.count, text[end + 1] == UInt8(ascii: "\n") {
            return start..<(end + 2)
        }
        // Something else shares the line (`{ id name }`): one space stays between its neighbours.
        return range.lowerBound..<end
    }
}
