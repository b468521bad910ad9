/// What the index keeps of one operations document: everything that depends only on the document and the schema,
/// so that editing one document re-analyses that document alone.
struct DocumentAnalysis: Sendable {
    /// Validation diagnostics that need nothing but this document and the schema.
    var diagnostics: [DocumentDiagnostic]
    var fragmentNames: [Name]
    var operationNames: [Name]
    /// Fragment spreads, checked against the whole project's fragments.
    var spreads: [Name]
    /// The spreads inside each fragment of the document, in its order: the project's fragment cycles are found from
    /// them.
    var fragmentSpreads: [(fragment: String, spreads: [Name])] = []
    /// The mock fields this document selects (Apollo's field collection).
    var fields: FieldCollector

    init(path: String, document: Document, schema: Schema) {
        var visitor = DocumentValidator.Visitor(schema: schema, path: path)
        visitor.visit(document)
        diagnostics = visitor.diagnostics
        spreads = visitor.spreads
        fragmentNames = []
        operationNames = []
        for definition in document.definitions {
            switch definition {
            case .fragment(let fragment):
                fragmentNames.append(fragment.name)
                fragmentSpreads.append((fragment.name.value, Self.spreads(in: fragment.selectionSet)))
            case .operation(let operation): if let name = operation.name { operationNames.append(name) }
            case .type, .schema, .directive:
                diagnostics.append(.init(.warning, code: .schemaInOperations,
                    "type system definitions belong in the schema documents, not with the operations",
                    at: SourceLocation(document: path, range: DocumentValidator.range(of: definition))))
            }
        }
        fields = FieldCollector(schema: schema)
        fields.collect(document)
    }

    /// The fragment spreads of a selection set, at any depth, in document order (iterative: documents nest deep).
    static func spreads(in selectionSet: SelectionSet) -> [Name] {
        var found: [Name] = []
        var pending: [Selection] = selectionSet.selections.reversed()
        while let selection = pending.popLast() {
            switch selection {
            case .field(let field): pending += (field.selectionSet?.selections ?? []).reversed()
            case .fragmentSpread(let spread): found.append(spread.name)
            case .inlineFragment(let inline): pending += inline.selectionSet.selections.reversed()
            }
        }
        return found
    }
}

/// Checks a project's operations and fragments against its schema: the errors that would stop Apollo's codegen
/// and that a user fixes in the `.graphql` file (unknown types, fields and fragments; duplicate names).
enum DocumentValidator {
    /// The project-wide checks (duplicate names, unknown fragments) over per-document analyses in path order.
    static func projectDiagnostics(_ documents: [(path: String, analysis: DocumentAnalysis)]) -> [DocumentDiagnostic] {
        var diagnostics: [DocumentDiagnostic] = []
        var fragments: [String: String] = [:]
        var operations: [String: String] = [:]
        func checkUnique(_ names: [Name], in path: String, _ seen: inout [String: String], code: DiagnosticCode, kind: String) {
            for name in names {
                if let other = seen[name.value] {
                    diagnostics.append(.init(.error, code: code,
                        "\(kind) \(name.value) is already defined\(other == path ? "" : " in \(other)")",
                        at: SourceLocation(document: path, range: name.range)))
                } else {
                    seen[name.value] = path
                }
            }
        }
        for (path, analysis) in documents {
            checkUnique(analysis.fragmentNames, in: path, &fragments, code: .duplicateFragment, kind: "fragment")
            checkUnique(analysis.operationNames, in: path, &operations, code: .duplicateOperation, kind: "operation")
        }
        let known = Array(fragments.keys)
        for (path, analysis) in documents {
            for spread in analysis.spreads where fragments[spread.value] == nil {
                diagnostics.append(.init(.error, code: .unknownFragment,
                    "unknown fragment \(spread.value)\(suggestion(for: spread.value, among: known))",
                    at: SourceLocation(document: path, range: spread.range)))
            }
        }
        return diagnostics + fragmentCycles(documents)
    }

    /// `fragment-cycle` at each spread that closes a cycle of fragments spreading one another, as graphql-js's
    /// NoFragmentCyclesRule reports them ("Cannot spread fragment "A" within itself via "B"."): the first definition of
    /// a name counts, and each cycle is reported once, where the walk from its first fragment in path order closes it.
    static func fragmentCycles(_ documents: [(path: String, analysis: DocumentAnalysis)]) -> [DocumentDiagnostic] {
        var spreads: [String: (path: String, spreads: [Name])] = [:]
        var order: [String] = []
        for (path, analysis) in documents {
            for (fragment, inside) in analysis.fragmentSpreads where spreads[fragment] == nil {
                spreads[fragment] = (path, inside)
                order.append(fragment)
            }
        }
        var diagnostics: [DocumentDiagnostic] = []
        var done: Set<String> = []
        for start in order where !done.contains(start) {
            // Depth first, iteratively: a frame is a fragment and how many of its spreads were followed.
            var path: [(fragment: String, next: Int)] = [(start, 0)]
            var onPath: [String: Int] = [start: 0]
            done.insert(start)
            while let top = path.last {
                let inside = spreads[top.fragment]?.spreads ?? []
                guard top.next < inside.count else {
                    onPath[top.fragment] = nil
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let spread = inside[top.next]
                if let index = onPath[spread.value] {
                    let via = path[(index + 1)...].map { "\"\($0.fragment)\"" }
                    diagnostics.append(.init(.error, code: .fragmentCycle,
                        "Cannot spread fragment \"\(spread.value)\" within itself" + (via.isEmpty ? "" : " via \(via.joined(separator: ", "))")
                            + "; Apollo rejects the document, and mockls leaves the fragments of the cycle out",
                        at: SourceLocation(document: spreads[top.fragment]?.path ?? "", range: spread.range)))
                    continue
                }
                guard spreads[spread.value] != nil, done.insert(spread.value).inserted else { continue }
                onPath[spread.value] = path.count
                path.append((spread.value, 0))
            }
        }
        return diagnostics
    }

    static func range(of definition: Definition) -> Range<Int> {
        switch definition {
        case .operation(let operation): return operation.range
        case .fragment(let fragment): return fragment.range
        case .type(let type): return type.name.range
        case .schema(let schema): return schema.range
        case .directive(let directive): return directive.name.range
        }
    }

    /// " (did you mean X?)" for the closest name, when it is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        closestName(to: name, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    struct Visitor {
        let schema: Schema
        let path: String
        var diagnostics: [DocumentDiagnostic] = []
        var spreads: [Name] = []

        mutating func report(_ code: DiagnosticCode, _ message: String, _ range: Range<Int>) {
            diagnostics.append(DocumentDiagnostic(.error, code: code, message, at: SourceLocation(document: path, range: range)))
        }

        mutating func visit(_ document: Document) {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    for variable in operation.variables {
                        let type = variable.type.namedType
                        if !type.value.isEmpty, schema[type.value] == nil { report(.unknownType, "unknown type \(type.value)", type.range) }
                    }
                    guard let root = schema.rootType(operation.kind) else {
                        report(.unknownRoot, "the schema has no \(operation.kind.rawValue) type", operation.name?.range ?? operation.selectionSet.range)
                        continue
                    }
                    visit(operation.selectionSet, parent: root)
                case .fragment(let fragment):
                    guard let type = typeCondition(fragment.typeCondition) else { continue }
                    visit(fragment.selectionSet, parent: type)
                default:
                    continue
                }
            }
        }

        mutating func typeCondition(_ name: Name) -> NamedType? {
            guard !name.value.isEmpty else { return nil }
            guard let type = schema[name.value] else {
                report(.unknownType, "unknown type \(name.value)\(DocumentValidator.suggestion(for: name.value, among: Array(schema.types.keys)))", name.range)
                return nil
            }
            guard type.isComposite else {
                report(.fragmentOnLeaf, "fragments must be on object, interface or union types, and \(name.value) is \(type.kind.article)", name.range)
                return nil
            }
            return type
        }

        mutating func visit(_ selectionSet: SelectionSet, parent: NamedType) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    visit(field, parent: parent)
                case .inlineFragment(let fragment):
                    let type = fragment.typeCondition.map { typeCondition($0) } ?? parent
                    if let type { visit(fragment.selectionSet, parent: type) }
                case .fragmentSpread(let spread):
                    spreads.append(spread.name)
                }
            }
        }

        mutating func visit(_ field: FieldSelection, parent: NamedType) {
            let name = field.name.value
            // Introspection fields (__typename everywhere, __schema and __type on the query root) are not in the SDL.
            if name.hasPrefix("__") { return }
            if parent.kind == .object || parent.kind == .interface {
                guard let definition = parent.field(name) else {
                    let hint = DocumentValidator.suggestion(for: name, among: parent.fields.map(\.name))
                    report(.unknownField, "\(parent.name) has no field \(name)\(hint)", field.name.range)
                    return
                }
                guard let type = schema[definition.type.namedType.value] else { return }
                if type.isComposite {
                    if let nested = field.selectionSet {
                        visit(nested, parent: type)
                    } else {
                        report(.missingSelection, "\(parent.name).\(name) is \(definition.type), so it needs a selection set { … }", field.name.range)
                    }
                } else if let nested = field.selectionSet {
                    report(.leafSelection, "\(parent.name).\(name) is \(definition.type), which has no fields to select", nested.range)
                }
            } else if parent.kind == .union {
                report(.unionField, "\(parent.name) is a union: select its members' fields in `... on Member { }`", field.name.range)
            }
        }

    }
}

/// Edit distance over UTF-8 bytes (GraphQL names are ASCII), counting a swap of two neighbours as one edit
/// (optimal string alignment): `nmae` is one edit from `name`.
/// The candidate a typo most likely meant: within a third of the name's length in edits, same first letter.
public func closestName(to name: String, among candidates: [String]) -> String? {
    let limit = max(1, name.utf8.count / 3)
    var best: (name: String, distance: Int)?
    // Typos seldom change the first letter; checking only those candidates keeps this cheap among thousands.
    let first = name.utf8.first.map { $0 | 0x20 }
    for candidate in candidates
    where abs(candidate.utf8.count - name.utf8.count) <= limit && candidate.utf8.first.map({ $0 | 0x20 }) == first {
        let distance = editDistance(name, candidate, caseInsensitive: true)
        guard distance <= limit else { continue }
        if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
            best = (candidate, distance)
        }
    }
    return best?.name
}

public func editDistance(_ a: String, _ b: String, caseInsensitive: Bool = false) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { a in
        b.withUTF8 { b in
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            @inline(__always) func fold(_ byte: UInt8) -> UInt8 {
                caseInsensitive && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            let width = b.count + 1
            var rows = [Int](repeating: 0, count: width * 3)
            for j in 0..<width { rows[width + j] = j }
            var (beforePrevious, previous, current) = (0, width, 2 * width)
            for i in 1...a.count {
                rows[current] = i
                for j in 1...b.count {
                    let cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, fold(a[i - 1]) == fold(b[j - 2]), fold(a[i - 2]) == fold(b[j - 1]) {
                        value = min(value, rows[beforePrevious + j - 2] + 1)
                    }
                    rows[current + j] = value
                }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return rows[previous + b.count]
        }
    }
}
