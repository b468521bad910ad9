import GraphQLIndex
import SourceText

/// Checks a JSON response fixture against the operation it stands for, the way Apollo's JSON reading
/// (`X.Data(data:)`, a network response) will take it: every selected field present (`null` only where the type
/// allows it), values of the field's type, enum values that exist, `__typename` on every object below the root (Apollo
/// selects it there) naming a type the field can hold. Fields are collected as GraphQL executes them: type conditions
/// against the object's `__typename`, fragments, aliases, `@include`/`@skip` with the fixture's variables; a field
/// whose condition cannot be decided (a variable the fixture does not give) is neither required nor unexpected.
public struct ResponseFixtureCheck {
    public let schema: Schema
    public let fragments: [String: FragmentDefinition]
    /// The variables the response was fetched with, when a variables file gives them.
    public let variables: [String: JSONNode]
    let text: [UInt8]
    private(set) var diagnostics: [Diagnostic] = []

    /// The diagnostics of fixture `text` for `operation`. Invalid JSON gets one diagnostic, at the error.
    public static func diagnostics(
        of text: [UInt8], operation: OperationDefinition, schema: Schema, fragments: [String: FragmentDefinition],
        variables: JSONNode? = nil
    ) -> [Diagnostic] {
        let root: JSONNode
        switch JSONSyntax.parse(text) {
        case .failure(let error):
            let start = min(error.offset, text.count)
            return [Diagnostic(severity: .error, code: .fixtureSyntax, message: "invalid JSON: \(error.message)", range: start..<min(start + 1, text.count))]
        case .success(let node):
            root = node
        }
        var givenVariables: [String: JSONNode] = [:]
        if case .object(let members)? = variables?.value {
            for member in members { givenVariables[member.key] = member.value }
        }
        var check = ResponseFixtureCheck(schema: schema, fragments: fragments, variables: givenVariables, text: text)
        for definition in operation.variables where givenVariables[definition.name.value] == nil {
            if let value = definition.defaultValue, let node = JSONNode(defaultValue: value as GraphQLIndex.Value) { check.defaultVariables[definition.name.value] = node }
        }
        guard let rootType = schema.rootType(operation.kind) else { return [] }
        // `{"data": …}` as a server sends it, or the data alone.
        var data = root
        let selectsData = operation.selectionSet.selections.contains { if case .field(let field) = $0 { field.responseKey == "data" } else { false } }
        if !selectsData, let wrapped = root.member("data") {
            if case .null = wrapped.value { return [] }  // an error response: nothing to check
            data = wrapped
        }
        check.object(data, selections: [operation.selectionSet], type: rootType.name, isRoot: true)
        return check.diagnostics.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
    }

    /// The top-level key by which a fixture names its operation when its file name cannot (`Mock Data/launch_list.json`
    /// where the app loads it): `{"@operation": "LaunchListQuery", "data": …}`, as Shopify's graphql-validate-fixtures
    /// spells it. Apollo reads `data` and `errors` and ignores it.
    public static let operationKey = "@operation"

    /// The operation `text` names by `operationKey`, with the range of the name's string; nil when it names none.
    /// Only files that hold the key are parsed.
    public static func declaredOperation(in text: [UInt8]) -> (name: String, range: Range<Int>)? {
        guard text.contains(bytes: "\"\(operationKey)\""), case .success(let root) = JSONSyntax.parse(text),
            let node = root.member(operationKey), let name = node.string
        else { return nil }
        return (name, node.range)
    }

    /// A hint for a JSON file that reads like a GraphQL response (`{"data": …}`) but is named after no operation,
    /// when one operation's name is close to its name (a typo, or an operation renamed since): nil otherwise, so
    /// that other JSON stays silent.
    public static func unknownOperationHint(of text: [UInt8], fileName: String, operations: [String]) -> Diagnostic? {
        guard case .success(let root) = JSONSyntax.parse(text), case .object(let members) = root.value,
            let data = members.first(where: { $0.key == "data" })
        else { return nil }
        switch data.value.value {
        case .object, .null: break
        default: return nil
        }
        let plain = { (name: String) in String(name.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let wanted = plain(fileName)
        let ranked = operations.map { operation -> (String, Int) in
            let name = plain(operation)
            var spellings = [name]
            for suffix in ["query", "mutation", "subscription"] {
                spellings.append(name + suffix)
                if name.count > suffix.count, name.hasSuffix(suffix) { spellings.append(String(name.dropLast(suffix.count))) }
            }
            return (operation, spellings.map { editDistance(wanted, $0) }.min()!)
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let (closest, distance) = ranked.first, distance <= max(2, wanted.count / 3) else { return nil }
        // The name goes in as the first member, laid out as the members are.
        let separator = String(decoding: text[(root.range.lowerBound + 1)..<members[0].keyRange.lowerBound], as: UTF8.self)
        let naming = Diagnostic.Fix(
            title: "Name its operation: \"\(operationKey)\": \"\(closest)\"", range: members[0].keyRange.lowerBound..<members[0].keyRange.lowerBound,
            text: "\"\(operationKey)\": \"\(closest)\"," + (separator.isEmpty ? " " : separator), isPreferred: true)
        return Diagnostic(
            severity: .information, code: .fixtureUnknownOperation,
            message: "\(fileName).json reads like a GraphQL response, but no operation is named \(fileName): the closest is `\(closest)` (name the file \(closest).json, or add \"\(operationKey)\": \"\(closest)\" to it, to check it against it)",
            range: data.keyRange, fixes: [naming])
    }

    private var defaultVariables: [String: JSONNode] = [:]

    private init(schema: Schema, fragments: [String: FragmentDefinition], variables: [String: JSONNode], text: [UInt8]) {
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
        self.text = text
    }

    // MARK: Values

    private mutating func value(_ node: JSONNode, type: TypeReference, selections: [SelectionSet], key: String) {
        switch type {
        case .nonNull(let inner):
            if case .null = node.value {
                report(.error, .fixtureNull, "`\(key)` is `null`, but its type `\(type)` is non-null: Apollo cannot read this response", node.range)
                return
            }
            value(node, type: inner, selections: selections, key: key)
        case .list(let inner):
            switch node.value {
            case .null: return
            case .array(let elements):
                for element in elements { value(element, type: inner, selections: selections, key: key) }
            default:
                report(.error, .fixtureWrongType, "`\(key)` is \(node.kindName), but its type is the list `\(type)`", node.range)
            }
        case .named(let name):
            if case .null = node.value { return }
            guard let named = schema[name.value] else { return }
            switch named.kind {
            case .object, .interface, .union:
                object(node, selections: selections, type: named.name, isRoot: false, key: key)
            case .enumeration:
                guard case .string(let text) = node.value else {
                    report(.error, .fixtureWrongType, "`\(key)` is \(node.kindName), but its type is the enum `\(named.name)`: write one of its cases as a string", node.range)
                    return
                }
                let cases = named.enumValues.map(\.name)
                guard !cases.contains(text) else { return }
                let closest = Self.closest(to: text, in: cases)
                let fixes = closest.enumerated().map { position, name in
                    Diagnostic.Fix(title: "Replace with \"\(name)\"", range: node.range, text: "\"\(name)\"", isPreferred: position == 0)
                }
                report(.warning, .fixtureUnknownEnumValue,
                    "\"\(text)\" is not a case of `\(named.name)` (\(cases.prefix(6).joined(separator: ", "))\(cases.count > 6 ? ", …" : "")): Apollo reads it as `.unknown(\"\(text)\")`",
                    node.range, fixes: fixes)
            case .scalar:
                scalar(node, named.name, key: key)
            case .inputObject:
                return
            }
        }
    }

    private mutating func scalar(_ node: JSONNode, _ type: String, key: String) {
        let fits: Bool
        switch (type, node.value) {
        case ("String", .string), ("ID", .string), ("Boolean", .bool), ("Float", .number): fits = true
        case ("ID", .number(let text)), ("Int", .number(let text)):
            fits = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) && Int32(text) != nil
        case ("String", _), ("ID", _), ("Boolean", _), ("Float", _), ("Int", _): fits = false
        default: fits = true  // a custom scalar: its Swift type decides what it reads
        }
        guard !fits else { return }
        let expected = switch type {
        case "Int": "a 32-bit integer"
        case "Float": "a number"
        case "Boolean": "`true` or `false`"
        case "ID": "a string or an integer"
        default: "a string"
        }
        report(.error, .fixtureWrongType, "`\(key)` is \(node.kindName), but its type `\(type)` takes \(expected)", node.range)
    }

    // MARK: Objects

    private mutating func object(_ node: JSONNode, selections: [SelectionSet], type: String, isRoot: Bool, key: String = "data") {
        guard case .object(let members) = node.value else {
            report(.error, .fixtureWrongType, "`\(key)` is \(node.kindName), but its type `\(type)` is an object: write `{ … }`", node.range)
            return
        }
        guard let staticType = schema[type] else { return }
        let typenameNode = node.member("__typename")
        var runtimeType: String? = staticType.isAbstract ? nil : staticType.name
        if let typenameNode {
            if let typename = typenameNode.string {
                let possible = staticType.isAbstract ? schema.possibleTypes(of: staticType.name) : [staticType.name]
                if possible.contains(typename) {
                    runtimeType = typename
                } else if !staticType.isAbstract && !typeConditionsMatter(selections, on: staticType.name) {
                    // Apollo reads `__typename` only to pick type cases: an object of one type with none reads any
                    // name (Pocket's iOS fixtures write "[some-type-name]"; run on Apollo 1.25.7 by test_test_transport.py).
                } else {
                    let fixes = staticType.isAbstract ? [] : [Diagnostic.Fix(title: "Replace with \"\(staticType.name)\"", range: typenameNode.range, text: "\"\(staticType.name)\"", isPreferred: true)]
                    report(.error, .fixtureTypename,
                        "`__typename` \"\(typename)\" is not a type `\(key)` can hold (\(possible.prefix(6).joined(separator: ", "))\(possible.count > 6 ? ", …" : ""))",
                        typenameNode.range, fixes: fixes)
                }
            } else {
                report(.error, .fixtureWrongType, "`__typename` is \(typenameNode.kindName): it is the object's type name, a string", typenameNode.range)
            }
        } else if !isRoot {
            // Apollo selects `__typename` on every object below the root: its JSON reading fails without it, and on an
            // interface or union it is what picks the type cases.
            let fix = staticType.isAbstract ? nil : insertion(in: node, members: members, key: "__typename", value: "\"\(staticType.name)\"")
            report(.error, .fixtureTypename,
                staticType.isAbstract
                    ? "`__typename` is missing: `\(key)` is the \(staticType.kind == .union ? "union" : "interface") `\(staticType.name)`, and Apollo needs the object's type to read it"
                    : "`__typename` is missing: Apollo selects it on every object below the root, and reading the response fails without it",
                openingBrace(of: node), fixes: fix.map { [$0] } ?? [])
        }
        let collected = collect(selections, runtimeType: runtimeType, staticType: staticType.name)
        let fieldType = schema[runtimeType ?? staticType.name] ?? staticType
        var present: Set<String> = []
        for member in members {
            present.insert(member.key)
            if member.key == "__typename" || (isRoot && member.key == ResponseFixtureCheck.operationKey) { continue }
            guard let entry = collected.fields[member.key] else {
                guard !collected.undecided.contains(member.key), runtimeType != nil || !staticType.isAbstract else { continue }
                report(.warning, .fixtureUnselectedField, "`\(member.key)` is not selected here by the operation: Apollo ignores it",
                    member.keyRange, fixes: [Diagnostic.Fix(title: "Remove \"\(member.key)\"", range: removal(of: member, in: members), text: "", isPreferred: true)])
                continue
            }
            guard let field = entry.first, let definition = fieldType.field(field.name.value) ?? staticType.field(field.name.value) else { continue }
            value(member.value, type: definition.type, selections: entry.compactMap(\.selectionSet), key: member.key)
        }
        for (responseKey, entry) in collected.ordered where !present.contains(responseKey) && responseKey != "__typename" {
            guard let field = entry.first, let definition = fieldType.field(field.name.value) ?? staticType.field(field.name.value) else { continue }
            let placeholder = placeholder(for: definition.type)
            let fix = insertion(in: node, members: members, key: responseKey, value: placeholder)
            if definition.type.isNonNull {
                report(.error, .fixtureMissingField, "`\(responseKey)` (`\(definition.type)`) is selected but missing: Apollo cannot read this response",
                    openingBrace(of: node), fixes: [fix])
            } else {
                report(.warning, .fixtureMissingField, "`\(responseKey)` (`\(definition.type)`) is selected but missing: Apollo's JSON reading fails on a missing key; write `null` for no value",
                    openingBrace(of: node), fixes: [fix])
            }
        }
    }

    /// Whether an object of the one type `type` has selections under a type condition of another type (an interface
    /// it implements), which Apollo decides by the object's `__typename`.
    private func typeConditionsMatter(_ selections: [SelectionSet], on type: String) -> Bool {
        let unknown = collect(selections, runtimeType: nil, staticType: type)
        let known = collect(selections, runtimeType: type, staticType: type)
        return Set(unknown.fields.keys) != Set(known.fields.keys) || unknown.undecided != known.undecided
    }

    private func collect(_ selections: [SelectionSet], runtimeType: String?, staticType: String) -> ExecutableFields.Collected {
        ExecutableFields(schema: schema, fragments: fragments) { name in
            guard let node = variables[name] ?? defaultVariables[name], case .bool(let flag) = node.value else { return nil }
            return flag
        }.collect(selections, runtimeType: runtimeType, staticType: staticType)
    }

    // MARK: Edits

    private mutating func report(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ range: Range<Int>, fixes: [Diagnostic.Fix] = []) {
        diagnostics.append(Diagnostic(severity: severity, code: code, message: message, range: range, fixes: fixes))
    }

    private func openingBrace(of node: JSONNode) -> Range<Int> { node.range.lowerBound..<(node.range.lowerBound + 1) }

    /// Adds `"key": value` to an object: before its first member, on the first member's line layout.
    private func insertion(in node: JSONNode, members: [JSONNode.Member], key: String, value: String) -> Diagnostic.Fix {
        let member = "\"\(key)\": \(value)"
        guard let first = members.first else {
            return Diagnostic.Fix(title: "Add \"\(key)\"", range: (node.range.lowerBound + 1)..<(node.range.upperBound - 1), text: member, isPreferred: true)
        }
        // The whitespace between `{` (or the line start) and the first key, repeated after the new member.
        var start = first.keyRange.lowerBound
        while start > node.range.lowerBound + 1, text[start - 1] == 0x20 || text[start - 1] == 0x09 || text[start - 1] == 0x0A || text[start - 1] == 0x0D { start -= 1 }
        let separator = String(decoding: text[start..<first.keyRange.lowerBound], as: UTF8.self)
        let layout = separator.isEmpty ? " " : separator
        return Diagnostic.Fix(title: "Add \"\(key)\"", range: first.keyRange.lowerBound..<first.keyRange.lowerBound, text: member + "," + layout, isPreferred: true)
    }

    /// The text to delete to remove `member`: from its key to the next key, or, for the last, from the end of the one before.
    private func removal(of member: JSONNode.Member, in members: [JSONNode.Member]) -> Range<Int> {
        guard let index = members.firstIndex(where: { $0.keyRange == member.keyRange }) else { return member.keyRange }
        if index + 1 < members.count { return member.keyRange.lowerBound..<members[index + 1].keyRange.lowerBound }
        if index > 0 { return members[index - 1].value.range.upperBound..<member.value.range.upperBound }
        return member.keyRange.lowerBound..<member.value.range.upperBound
    }

    /// A value of `type` to start from: `null` where allowed, else the type's plainest value.
    private func placeholder(for type: TypeReference) -> String {
        guard case .nonNull(let inner) = type else { return "null" }
        switch inner {
        case .list: return "[]"
        case .nonNull(let deeper): return placeholder(for: deeper)
        case .named(let name):
            guard let named = schema[name.value] else { return "null" }
            switch named.kind {
            case .enumeration: return named.enumValues.first.map { "\"\($0.name)\"" } ?? "\"\""
            case .object: return "{\"__typename\": \"\(named.name)\"}"
            case .interface, .union: return schema.possibleTypes(of: named.name).first.map { "{\"__typename\": \"\($0)\"}" } ?? "{}"
            case .scalar:
                switch named.name {
                case "Int": return "0"
                case "Float": return "0.0"
                case "Boolean": return "false"
                default: return "\"\""
                }
            case .inputObject: return "null"
            }
        }
    }

    /// Enum cases closest to `text`: same letters ignoring case and underscores first, then by edit distance.
    static func closest(to text: String, in names: [String]) -> [String] {
        let plain = { (name: String) in name.lowercased().filter { $0 != "_" } }
        let target = plain(text)
        let ranked = names.map { name in (name, plain(name) == target ? -1 : editDistance(target, plain(name))) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        return ranked.prefix(3).filter { $0.1 <= max(2, target.count / 2) }.map(\.0)
    }
}

extension JSONNode {
    /// A GraphQL default value as the JSON a variables file would give (only what `@include`/`@skip` read).
    init?(defaultValue: GraphQLIndex.Value) {
        switch defaultValue {
        case .boolean(let flag): self.init(value: .bool(flag), range: 0..<0)
        default: return nil
        }
    }
}
