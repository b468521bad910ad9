/// Checks a project's operations and fragments against its schema: the errors that would stop Apollo's codegen
/// and that a user fixes in the `.graphql` file (unknown types, fields and fragments; duplicate names).
struct DocumentValidator {
    let schema: Schema
    let documents: [(path: String, document: Document)]

    func diagnostics() -> [IndexDiagnostic] {
        var diagnostics: [IndexDiagnostic] = []
        var fragmentNames: [String: String] = [:]
        var operationNames: [String: String] = [:]
        for (path, document) in documents {
            for definition in document.definitions {
                switch definition {
                case .fragment(let fragment):
                    if let other = fragmentNames[fragment.name.value] {
                        diagnostics.append(.init(.error, code: "duplicate-fragment",
                            "fragment \(fragment.name.value) is already defined\(other == path ? "" : " in \(other)")",
                            at: SourceLocation(document: path, range: fragment.name.range)))
                    } else {
                        fragmentNames[fragment.name.value] = path
                    }
                case .operation(let operation):
                    guard let name = operation.name else { continue }
                    if let other = operationNames[name.value] {
                        diagnostics.append(.init(.error, code: "duplicate-operation",
                            "operation \(name.value) is already defined\(other == path ? "" : " in \(other)")",
                            at: SourceLocation(document: path, range: name.range)))
                    } else {
                        operationNames[name.value] = path
                    }
                case .type, .schema, .directive:
                    diagnostics.append(.init(.warning, code: "schema-in-operations",
                        "type system definitions belong in the schema documents, not with the operations",
                        at: SourceLocation(document: path, range: Self.range(of: definition))))
                }
            }
        }
        for (path, document) in documents {
            var visitor = Visitor(schema: schema, path: path, fragments: fragmentNames)
            visitor.visit(document)
            diagnostics += visitor.diagnostics
        }
        return diagnostics
    }

    private static func range(of definition: Definition) -> Range<Int> {
        switch definition {
        case .operation(let operation): return operation.range
        case .fragment(let fragment): return fragment.range
        case .type(let type): return type.name.range
        case .schema(let schema): return schema.range
        case .directive(let directive): return directive.name.range
        }
    }

    private struct Visitor {
        let schema: Schema
        let path: String
        let fragments: [String: String]
        var diagnostics: [IndexDiagnostic] = []

        mutating func report(_ code: String, _ message: String, _ range: Range<Int>) {
            diagnostics.append(IndexDiagnostic(.error, code: code, message, at: SourceLocation(document: path, range: range)))
        }

        mutating func visit(_ document: Document) {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    for variable in operation.variables {
                        let type = variable.type.namedType
                        if schema[type.value] == nil { report("unknown-type", "unknown type \(type.value)", type.range) }
                    }
                    guard let root = schema.rootType(operation.kind) else {
                        report("unknown-root", "the schema has no \(operation.kind.rawValue) type", operation.name?.range ?? operation.selectionSet.range)
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
                report("unknown-type", "unknown type \(name.value)\(suggestion(for: name.value, among: Array(schema.types.keys)))", name.range)
                return nil
            }
            guard type.isComposite else {
                report("fragment-on-leaf", "fragments must be on object, interface or union types, and \(name.value) is \(type.kind.article)", name.range)
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
                    if fragments[spread.name.value] == nil {
                        report("unknown-fragment", "unknown fragment \(spread.name.value)\(suggestion(for: spread.name.value, among: Array(fragments.keys)))", spread.name.range)
                    }
                }
            }
        }

        mutating func visit(_ field: FieldSelection, parent: NamedType) {
            let name = field.name.value
            // Introspection fields (__typename everywhere, __schema and __type on the query root) are not in the SDL.
            if name.hasPrefix("__") { return }
            if parent.kind == .object || parent.kind == .interface {
                guard let definition = parent.field(name) else {
                    let hint = suggestion(for: name, among: parent.fields.map(\.name))
                    report("unknown-field", "\(parent.name) has no field \(name)\(hint)", field.name.range)
                    return
                }
                guard let type = schema[definition.type.namedType.value] else { return }
                if type.isComposite {
                    if let nested = field.selectionSet {
                        visit(nested, parent: type)
                    } else {
                        report("missing-selection", "\(parent.name).\(name) is \(definition.type), so it needs a selection set { … }", field.name.range)
                    }
                } else if let nested = field.selectionSet {
                    report("leaf-selection", "\(parent.name).\(name) is \(definition.type), which has no fields to select", nested.range)
                }
            } else if parent.kind == .union {
                report("union-field", "\(parent.name) is a union: select its members' fields in `... on Member { }`", field.name.range)
            }
        }

        /// " (did you mean X?)" for the closest name, when it is close.
        func suggestion(for name: String, among candidates: [String]) -> String {
            let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
            guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }),
                best.1 <= max(1, name.count / 3)
            else { return "" }
            return " (did you mean \(best.0)?)"
        }
    }
}

/// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit (optimal string alignment):
/// `nmae` is one edit from `name`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
