import GraphQLIndex
import SourceText
import SwiftAnalysis

/// Rewrites a response spelled as a dictionary (`try HeroQuery.Data(data: ["hero": [...]])`) into a test mock and
/// `HeroQuery.Data.from(mock)`, meaning the same: every key and value of the dictionary is in the mock's data, and
/// nothing else (`null`s aside, which a mock leaves out).
///
/// `__typename` picks each object's mock, and the field's type does without it when that is an object. A key is the
/// mock field of the same response key (aliases included). Where Apollo's convenience initializer adds what the
/// dictionary does not have (1.23+ fills every non-null field it is not given), the mock is built in a local of its
/// own and those fields are set back to `nil`.
public enum ResponseConversion {
    public enum Outcome: Sendable, Equatable {
        case converted(MockCodeAction)
        /// The dictionary at the cursor cannot be converted faithfully, and why.
        case refused(title: String, reason: String)
    }

    /// The conversion at `offset` (in the dictionary, on its variable's name or on the call that consumes it); nil
    /// when there is no response dictionary there that a selection set of the project consumes. `mocksModule`: the
    /// module the project's test mocks are imported from (nil when they are compiled into the tests), imported with
    /// `ApolloTestSupport` when the file does not import them yet.
    public static func convert(at offset: Int, in file: SwiftFile, project: ProjectIndex, mocksModule: String?) -> Outcome? {
        guard let use = file.responseDictionaryUse(at: offset),
            let selectionSet = ValueResolver(file: file, project: project).selectionSet(use.consumer.path)
        else { return nil }
        do {
            var (edits, root) = try edits(use, selectionSet: selectionSet, in: file, project: project)
            edits = imports(["ApolloTestSupport"] + (mocksModule.map { [$0] } ?? []), in: file) + edits
            return .converted(MockCodeAction(
                title: "Convert the response dictionary to `Mock<\(root)>`", kind: .refactor, isPreferred: false, diagnostics: [],
                edits: edits))
        } catch {
            return .refused(title: "Convert the response dictionary to a test mock", reason: error.reason)
        }
    }

    struct Refusal: Error {
        var reason: String
    }

    /// `import` lines for those of `modules` the file does not import, after its last import (else at its top).
    private static func imports(_ modules: [String], in file: SwiftFile) -> [Diagnostic.Fix] {
        let existing = file.lines.importLines()
        let missing = modules.filter { module in !existing.contains { $0.module == module } }
        guard !missing.isEmpty else { return [] }
        let text = missing.map { "import \($0)\n" }.joined()
        guard let last = existing.last else { return [Diagnostic.Fix(title: "", range: 0..<0, text: text + "\n", isPreferred: false)] }
        // The last import line may end the file without a line break.
        let endsWithBreak = last.lineRange.upperBound > 0 && file.lines.bytes[last.lineRange.upperBound - 1] == UInt8(ascii: "\n")
        let at = last.lineRange.upperBound
        return [Diagnostic.Fix(title: "", range: at..<at, text: endsWithBreak ? text : "\n" + text.dropLast(), isPreferred: false)]
    }

    private static func edits(
        _ use: ResponseDictionaryUse, selectionSet: GeneratedSelectionSet, in file: SwiftFile, project: ProjectIndex
    ) throws(Refusal) -> (edits: [Diagnostic.Fix], root: String) {
        let written = use.consumer.path.joined(separator: ".")
        guard selectionSet.isRoot else {
            throw Refusal(reason: "`\(written)` is a type case: Apollo's `from(_:)` builds operation data, entities and fragments only")
        }
        if let declaration = use.declaration, !declaration.otherUses.isEmpty {
            let lines = declaration.otherUses.map(String.init).joined(separator: ", ")
            throw Refusal(reason: "`\(declaration.name)` is also used on line \(lines): the dictionary cannot be replaced")
        }
        guard case .object(var entries) = use.dictionary else { throw Refusal(reason: "the data is not a dictionary literal") }
        // A whole response (`["data": [...]]`) holds the data under `data`.
        if entries.count == 1, entries[0].key == "data", case .object(let data) = entries[0].value,
            project.mockModel.object(selectionSet.parentType)?.field("data") == nil
        {
            entries = data
        }

        var writer = MockWriter(project: project, taken: use.takenNames)
        writer.selections = SelectedKeys(project: project)
        let indentation: String
        let insertion: Range<Int>
        if let declaration = use.declaration {
            insertion = declaration.lineRange
            indentation = String(decoding: file.lines.bytes[declaration.lineRange].prefix { $0 == 32 || $0 == 9 }, as: UTF8.self)
        } else if let start = use.statementStart {
            insertion = start..<start
            indentation = use.indentation
        } else {
            throw Refusal(reason: "the call is not in a function body, where the mock's statements would go")
        }
        writer.indentation = indentation
        let root = try writer.object(
            entries, expected: selectionSet.parentType, path: "", local: "mock", depth: 0, selectionSets: [selectionSet.path])
        // Built in statements, the root mock is in a local named `mock` already.
        let name = writer.locals.contains(root) ? root : writer.uniqueName("mock")
        if root != name { writer.statements.append("let \(name) = \(root)") }
        let statements = writer.statements.map { indentation + $0.replacingOccurrences(of: "\n", with: "\n" + indentation) + "\n" }.joined()

        // The call says which Apollo it is written for (`try await X.Data(data:)` is 2.x); else the project does.
        let fromIsAsync = use.consumer.writtenFor.map { $0 == .two } ?? project.mockModel.format.fromIsAsync
        let variables = use.consumer.variables.map { ", withVariables: \($0)" } ?? ""
        let model = "\(fromIsAsync ? "await " : "")\(written).from(\(name)\(variables))"
        var edits = [
            Diagnostic.Fix(title: "", range: insertion, text: statements, isPreferred: false),
            Diagnostic.Fix(title: "", range: use.consumer.range, text: model, isPreferred: false),
        ]
        if fromIsAsync, let async = use.asyncInsertion {
            edits.append(Diagnostic.Fix(title: "", range: async.offset..<async.offset, text: async.text, isPreferred: false))
        }
        return (edits.sorted { $0.range.lowerBound < $1.range.lowerBound }, writer.rootObject ?? selectionSet.parentType)
    }
}

/// Writes the mocks of a response's objects: initializer calls, and where Apollo's initializer sets more than the
/// dictionary's keys, statements before the call that unset the rest.
private struct MockWriter {
    let project: ProjectIndex
    var taken: Set<String>
    var indentation = ""
    /// `let friend = Mock<Human>(name: "Luke")`, `friend.id = nil`, … in the order they must run.
    var statements: [String] = []
    /// The Swift name of the first object written: the response's root.
    var rootObject: String?
    /// The locals the statements declare.
    var locals: Set<String> = []
    /// What the selection sets read at each object: only those fields are set back to `nil`.
    var selections: SelectedKeys?

    var model: MockModel { project.mockModel }
    var schema: Schema { project.schema }

    init(project: ProjectIndex, taken: Set<String>) {
        self.project = project
        self.taken = taken
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throw",
        "throws", "true", "try", "await", "async", "catch", "any", "some",
    ]

    mutating func uniqueName(_ base: String) -> String {
        let base = Self.keywords.contains(base) ? base + "Mock" : base
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        taken.insert(name)
        return name
    }

    /// The mock of one object of the response, as an expression: an initializer call, or the local it was built in.
    /// `depth`: how deep in a statement the expression is, for the indentation of its lines.
    /// `selectionSets`: the paths of the selection sets that read this object (through their type cases and
    /// fragments too).
    mutating func object(
        _ entries: [ResponseValue.Entry], expected: String, path: String, local: String, depth: Int, selectionSets: [String]
    ) throws(Refusal) -> String {
        let at = path.isEmpty ? "" : " (at `\(path)`)"
        let object = try concreteObject(entries, expected: expected, path: path)
        let read = selections?.read(selectionSets, on: object.name)
        if rootObject == nil { rootObject = object.swiftName }
        var values: [(field: MockField, value: String)] = []
        var seen: Set<String> = []
        for entry in entries {
            guard let key = entry.key else {
                throw ResponseConversion.Refusal(reason: "the key `\(entry.keyText)`\(at) is not a string literal")
            }
            guard key != "__typename" else { continue }
            guard seen.insert(key).inserted else { throw ResponseConversion.Refusal(reason: "the key \"\(key)\"\(at) is given twice") }
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            guard let field = object.field(key) else {
                // A key the schema does not have is a typo to name; one it has is a field no document selects.
                let schemaFields = schema[object.name]?.fields.map(\.name) ?? []
                guard schemaFields.isEmpty || schemaFields.contains(key) else {
                    let suggestion = closestName(to: key, among: object.fields.map(\.key)).map { "; did you mean `\($0)`?" } ?? ""
                    throw ResponseConversion.Refusal(reason: "no field `\(key)` on `\(object.name)`\(at)\(suggestion)")
                }
                throw ResponseConversion.Refusal(
                    reason: "`Mock<\(object.swiftName)>` has no field \"\(key)\"\(at): no operation or fragment selects it on `\(object.name)`")
            }
            if entry.value == .null { continue }
            values.append((field, try value(
                entry.value, type: field.graphqlType, path: keyPath, local: key, depth: depth + 1,
                selectionSets: read?.children[key] ?? [])))
        }
        values.sort { $0.field.key < $1.field.key }
        let arguments = values.map { "\($0.field.initLabel): \($0.value)" }
        var call = "Mock<\(object.swiftName)>(\(arguments.joined(separator: ", ")))"
        if arguments.count > 2 || call.count > 80 || call.contains("\n") {
            let inner = String(repeating: " ", count: 4 * (depth + 1))
            call = "Mock<\(object.swiftName)>(\n" + arguments.map { inner + $0 }.joined(separator: ",\n")
                + "\n\(String(repeating: " ", count: 4 * depth)))"
        }
        // 1.23+'s initializer sets every non-null field it is not given to a default (`Mock<T>()` without arguments
        // is the designated `init()`, which sets nothing): those the response does not have are set back to `nil`,
        // which removes them, in a local of its own. Values go through the initializer, whose parameters name no
        // schema type (an interface named like a Swift type, `Character`, makes `mock.friends = …` ambiguous).
        // Only the fields a selection set reads there: the others are in the mock's data, but no model sees them.
        let given = Set(values.map(\.field.key))
        let defaulted = values.isEmpty || !model.format.parametersHaveDefaults
            ? [] : object.fields.filter { $0.isNonNull && !given.contains($0.key) && read?.keys.contains($0.key) != false }
        guard !defaulted.isEmpty else { return call }
        let name = uniqueName(local)
        locals.insert(name)
        statements.append("let \(name) = \(call.replacingOccurrences(of: "\n" + String(repeating: " ", count: 4 * depth), with: "\n"))")
        for field in defaulted { statements.append("\(name).\(field.property) = nil") }
        return name
    }

    /// The mock object `__typename` names, or the expected type when it is an object.
    private func concreteObject(_ entries: [ResponseValue.Entry], expected: String, path: String) throws(Refusal) -> MockObject {
        let at = path.isEmpty ? "" : " at `\(path)`"
        let kind = schema[expected]?.kind
        let typename: String
        switch entries.first(where: { $0.key == "__typename" })?.value {
        case .string(let value, _)?:
            typename = value
            guard schema[value]?.kind == .object else {
                throw ResponseConversion.Refusal(reason: "`__typename` \"\(value)\"\(at) is no object type of the schema")
            }
            guard schema.possibleTypes(of: expected).contains(value) else {
                throw ResponseConversion.Refusal(reason: "`__typename` \"\(value)\"\(at) is not a possible type of `\(expected)`")
            }
        case .some(let other):
            throw ResponseConversion.Refusal(reason: "`__typename`\(at) is \(describe(other)), not a string literal")
        case nil:
            guard kind == .object else {
                let article = kind == .union ? "a union" : "an interface"
                throw ResponseConversion.Refusal(
                    reason: "\(path.isEmpty ? "the data" : "`\(path)`") is `\(expected)`, \(article): give it a `__typename` to pick its mock")
            }
            typename = expected
        }
        guard let object = model.object(typename) else {
            throw ResponseConversion.Refusal(reason: "`\(typename)`\(at) has no mock: no operation or fragment selects a field of it")
        }
        return object
    }

    private mutating func value(
        _ value: ResponseValue, type: TypeReference, path: String, local: String, depth: Int, selectionSets: [String]
    ) throws(Refusal) -> String {
        switch type {
        case .nonNull(let inner):
            return try self.value(value, type: inner, path: path, local: local, depth: depth, selectionSets: selectionSets)
        case .list(let element):
            guard case .list(let elements) = value else {
                if case .expression(let text) = value, !isComposite(element.namedType.value) { return text }
                throw ResponseConversion.Refusal(reason: "`\(path)` is a list: expected an array literal, found \(describe(value))")
            }
            let singular = Singularizer.singularize(local)
            var rendered: [String] = []
            for (index, item) in elements.enumerated() {
                let itemPath = "\(path)[\(index)]"
                if item == .null {
                    guard !element.isNonNull else {
                        throw ResponseConversion.Refusal(reason: "`\(itemPath)` is null, but the list's elements are non-null")
                    }
                    rendered.append("nil")
                } else {
                    rendered.append(try self.value(
                        item, type: element, path: itemPath, local: singular == local ? local + "Item" : singular, depth: depth + 1,
                        selectionSets: selectionSets))
                }
            }
            let line = "[\(rendered.joined(separator: ", "))]"
            guard line.count > 80 || line.contains("\n") else { return line }
            let inner = String(repeating: " ", count: 4 * (depth + 1))
            return "[\n" + rendered.map { inner + $0 }.joined(separator: ",\n") + "\n\(String(repeating: " ", count: 4 * depth))]"
        case .named(let name):
            guard let named = schema[name.value] else { throw ResponseConversion.Refusal(reason: "`\(name.value)` is not in the schema") }
            switch named.kind {
            case .object, .interface, .union:
                guard case .object(let entries) = value else {
                    throw ResponseConversion.Refusal(reason: "`\(path)` is `\(named.name)`: expected a dictionary literal, found \(describe(value))")
                }
                return try object(entries, expected: named.name, path: path, local: local, depth: depth, selectionSets: selectionSets)
            case .enumeration:
                switch value {
                case .string(let raw, _):
                    guard named.enumValues.contains(where: { $0.name == raw }) else { return ".unknown(\"\(raw)\")" }
                    return ".case(.\(SwiftNames.enumCase(raw, capitalizer: model.format.capitalizer)))"
                case .expression(let text):
                    return text
                default:
                    throw ResponseConversion.Refusal(reason: "`\(path)` is the enum `\(named.name)`: expected one of its values as a string, found \(describe(value))")
                }
            case .scalar:
                return try scalar(value, named, path: path)
            case .inputObject:
                throw ResponseConversion.Refusal(reason: "`\(path)` is the input object `\(named.name)`, which no response holds")
            }
        }
    }

    private func scalar(_ value: ResponseValue, _ type: NamedType, path: String) throws(Refusal) -> String {
        guard Schema.builtInScalars.contains(type.name) else { return try customScalar(value, type, path: path) }
        switch (type.name, value) {
        case (_, .expression(let text)): return text
        case ("String", .string(_, let text)), ("ID", .string(_, let text)): return text
        // Apollo reads a number as an `ID` (its `init(_jsonValue:)` takes integers) into the same string.
        case ("ID", .integer(let digits)): return "\"\(digits)\""
        case ("Int", .integer(let text)), ("Float", .integer(let text)), ("Float", .float(let text)): return text
        case ("Boolean", .boolean(let flag)): return flag ? "true" : "false"
        default:
            throw ResponseConversion.Refusal(reason: "`\(path)` is `\(type.name)`: found \(describe(value))")
        }
    }

    /// A custom scalar's literal: kept where the schema module declares the scalar as an alias of a Swift type
    /// (`typealias DateTime = String`, Apollo's default, takes the string as it is); a type of the app's own is built
    /// from it as Apollo reads the response's JSON value, with the `init(_jsonValue:)` `CustomScalarType` requires
    /// in Apollo iOS 1 and 2. An expression is kept as written, as for every type.
    private func customScalar(_ value: ResponseValue, _ type: NamedType, path: String) throws(Refusal) -> String {
        let literal: String
        switch value {
        case .string(_, let text), .integer(let text), .float(let text): literal = text
        case .boolean(let flag): literal = flag ? "true" : "false"
        case .expression(let text): return text
        case .object, .list, .null:
            throw ResponseConversion.Refusal(reason: "`\(path)` is the custom scalar `\(type.name)`: mockls keeps only literals, found \(describe(value))")
        }
        guard model.format.literalKind(ofScalar: type) == nil else { return literal }
        return "try! \(model.namespace).\(SwiftNames.typeName(type))(_jsonValue: \(literal))"
    }

    private func isComposite(_ name: String) -> Bool {
        guard let kind = schema[name]?.kind else { return false }
        return kind == .object || kind == .interface || kind == .union
    }

    private func describe(_ value: ResponseValue) -> String {
        switch value {
        case .object: return "a dictionary"
        case .list: return "an array"
        case .string(_, let text): return "the string \(text)"
        case .integer(let text), .float(let text): return "the number \(text)"
        case .boolean(let flag): return flag ? "`true`" : "`false`"
        case .null: return "null"
        case .expression(let text): return "`\(text.count > 40 ? text.prefix(40) + "…" : text)`"
        }
    }
}

private typealias Refusal = ResponseConversion.Refusal

/// The response keys selection sets read on an object of a given type: their fields, those of their type cases that
/// apply to it and of the fragments they spread on it, and, per key, the selection sets that read the object below.
struct SelectedKeys {
    let project: ProjectIndex

    struct Read {
        var keys: Set<String> = []
        var children: [String: [String]] = [:]
    }

    func read(_ paths: [String], on object: String) -> Read {
        var read = Read()
        var seen: Set<String> = []
        var pending = paths
        while let path = pending.popLast() {
            guard seen.insert(path).inserted, let selectionSet = project.selectionSet(path),
                project.schema.possibleTypes(of: selectionSet.parentType).contains(object)
            else { continue }
            for field in selectionSet.fields {
                read.keys.insert(field.key)
                if let child = field.selectionSet, !(read.children[field.key]?.contains(child) ?? false) {
                    read.children[field.key, default: []].append(child)
                }
            }
            pending += selectionSet.inlineFragments.map(\.path)
            pending += selectionSet.fragmentAccessors.map(\.fragment)
        }
        return read
    }
}
