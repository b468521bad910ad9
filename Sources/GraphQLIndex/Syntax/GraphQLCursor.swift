/// What is being typed at a cursor in a GraphQL document, read from its tokens alone, so that a document still
/// being written (unclosed braces, missing names) has a context: the selection set's parent type, the field or
/// directive whose arguments are written, the input type of a value, and so on.
public struct GraphQLCursor: Sendable, Equatable {
    public enum Position: Sendable, Equatable {
        /// A field of `type` (or an alias of one): `{ |`, `{ id |`, `alias: |`.
        case field(type: String)
        /// An argument of `field` on `type`: `dog(|`, `dog(id: 1, |`.
        case argument(type: String, field: String)
        /// An argument of the directive `name`: `@include(|`.
        case directiveArgument(name: String)
        /// A value of the input type `type`: `dog(id: |`, `[|`, `{ field: |`.
        case value(type: TypeReference)
        /// A field of the input object `type`: `dog(filter: { |`.
        case inputField(type: String)
        /// `$|`: a variable of the operation.
        case variable
        /// `@|` at `location` (`FIELD`, `FRAGMENT_SPREAD`, `INLINE_FRAGMENT`, `QUERY`, …).
        case directive(location: String)
        /// `...|` in a selection set of `type`: a fragment spread or `on`.
        case spread(type: String)
        /// `... on |` in a selection set of `type`.
        case typeCondition(type: String)
        /// `fragment F on |`: any composite type.
        case fragmentTypeCondition
        /// `($var: |`: an input type.
        case inputType
        /// In a schema document after `:` (`field: |`, `arg: |`): an output type, or an input type for arguments
        /// and input fields.
        case schemaType(input: Bool)
        /// `implements |`, `& |`.
        case interface
        /// `union U = |`, `| |`.
        case unionMember
        /// At the start of a definition.
        case definitionKeyword
    }

    public var position: Position
    /// The name typed so far at the cursor.
    public var prefix: String
    /// The bytes a completion replaces: the name at the cursor (with its `$` for a variable).
    public var replaceRange: Range<Int>
    /// The operation's variables written before the cursor (`$id: ID!`).
    public var variables: [(name: String, type: TypeReference)]
    /// The definition the cursor is in: `query AllAnimalsQuery`, `fragment PetDetails` (nil in schema documents).
    public var definition: (kind: String, name: String)?
    /// The selection sets the cursor is nested in, below the definition's: each opened by a field (its response key)
    /// or an inline fragment (`... on Dog`, as `on Dog`).
    public var selectionPath: [String] = []

    public static func == (lhs: GraphQLCursor, rhs: GraphQLCursor) -> Bool {
        lhs.position == rhs.position && lhs.prefix == rhs.prefix && lhs.replaceRange == rhs.replaceRange
            && lhs.variables.map(\.name) == rhs.variables.map(\.name) && lhs.variables.map(\.type) == rhs.variables.map(\.type)
            && lhs.definition?.kind == rhs.definition?.kind && lhs.definition?.name == rhs.definition?.name
            && lhs.selectionPath == rhs.selectionPath
    }

    /// The tokens of a document (the lexer's errors left out).
    public static func tokens(_ source: [UInt8]) -> [Token] {
        source.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(buffer)
            var tokens: [Token] = []
            while true {
                let token = lexer.next()
                if token.kind == .endOfFile { return tokens }
                tokens.append(token)
            }
        }
    }

    /// The index of the name token at `offset` (inside it, or just after it), for features that read the name under
    /// the cursor.
    public static func nameToken(at offset: Int, in tokens: [Token]) -> Int? {
        guard let index = tokens.firstIndex(where: { $0.range.contains(offset) || ($0.end == offset && $0.kind == .name) }) else { return nil }
        // `$name` and `@name` are one name to a reader: their sigil is a column of it.
        if tokens[index].kind == .dollar || tokens[index].kind == .at, index + 1 < tokens.count, tokens[index + 1].kind == .name,
            tokens[index + 1].start == tokens[index].end
        {
            return index + 1
        }
        return tokens[index].kind == .name ? index : nil
    }

    /// The context at `offset` in `source`, against `schema`; nil inside a string or comment, or where nothing is
    /// expected that the schema tells.
    public static func at(_ offset: Int, in source: [UInt8], schema: Schema) -> GraphQLCursor? {
        let before = tokens(source).filter { $0.start < offset }
        if isInComment(offset, after: before.last?.end ?? 0, in: source) { return nil }
        var reader = CursorReader(source: source, schema: schema, tokens: before)
        return reader.context(at: offset)
    }

    /// Whether `offset` is inside a `#` comment that starts after `start` (the end of the last token before it: what
    /// lies between is ignored text, where a `#` can only open a comment, which runs to the end of its line).
    private static func isInComment(_ offset: Int, after start: Int, in source: [UInt8]) -> Bool {
        guard start < offset, offset <= source.count else { return false }
        var inComment = false
        for byte in source[start..<offset] {
            if byte == UInt8(ascii: "#") { inComment = true } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { inComment = false }
        }
        return inComment
    }
}

/// One pass over the tokens before the cursor, keeping what each open bracket stands for.
private struct CursorReader {
    let source: [UInt8]
    let schema: Schema
    var tokens: [Token]

    enum Frame {
        /// `{` of a selection set on a composite type (nil: unknown), and what opened it (a response key, `on T`).
        case selection(String?, step: String?)
        /// `(` of a field's arguments.
        case fieldArguments(type: String?, field: String?)
        case directiveArguments(String)
        case variableDefinitions
        /// `{` of an input object value.
        case inputObject(String?)
        /// `[` of a list value, with the element type.
        case list(TypeReference?)
        /// `{` of a type definition in a schema document (`input` when its fields are input values).
        case typeDefinition(input: Bool)
        /// `(` of a field definition's arguments in a schema document.
        case argumentDefinitions
        case other
    }

    func text(_ token: Token) -> String { String(decoding: source[token.range], as: UTF8.self) }

    mutating func context(at offset: Int) -> GraphQLCursor? {
        // The name being typed, if the cursor ends or sits in one.
        var prefix = ""
        var replaceRange = offset..<offset
        if let last = tokens.last, last.end >= offset {
            guard last.kind == .name else {
                // Inside a string, a number or after a `$`/`@` that ends at the cursor.
                if last.kind == .string || last.kind == .blockString || last.kind == .int || last.kind == .float { return nil }
                return scan(prefix: "", replaceRange: replaceRange)
            }
            prefix = String(decoding: source[last.start..<offset], as: UTF8.self)
            replaceRange = last.start..<last.end
            tokens.removeLast()
        }
        return scan(prefix: prefix, replaceRange: replaceRange)
    }

    private func scan(prefix: String, replaceRange: Range<Int>) -> GraphQLCursor? {
        var frames: [Frame] = []
        var variables: [(name: String, type: TypeReference)] = []
        /// The type the next `{` selects on (a field's type, a type condition, an operation's root).
        var pendingSelection: String?
        /// The last field of the current selection set, and its parent type.
        var lastField: (type: String?, name: String)?
        var operationKind: OperationKind?
        var isSchemaDefinition = false
        /// What opens the next selection set: a field's response key, or `on T`.
        var pendingStep: String?
        var definition: (kind: String, name: String)?
        var index = 0
        func kind(_ at: Int) -> Token.Kind? { at >= 0 && at < tokens.count ? tokens[at].kind : nil }
        func name(_ at: Int) -> String? { kind(at) == .name ? text(tokens[at]) : nil }

        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .braceLeft:
                switch frames.last {
                case .fieldArguments, .directiveArguments, .inputObject, .list:
                    frames.append(.inputObject(inputObjectType(frames: frames, before: index)))
                case .variableDefinitions where kind(index - 1) == .equals:
                    // A variable's default value.
                    frames.append(.inputObject(inputObjectType(frames: frames, before: index)))
                case .some(.typeDefinition), .some(.argumentDefinitions):
                    frames.append(.other)
                default:
                    if isSchemaDefinition {
                        frames.append(.typeDefinition(input: definitionKeyword(before: index) == "input"))
                    } else {
                        if frames.isEmpty && pendingSelection == nil {
                            pendingSelection = (schema.rootType(operationKind ?? .query))?.name
                        }
                        frames.append(.selection(pendingSelection, step: frames.isEmpty ? nil : pendingStep))
                    }
                }
                pendingSelection = nil
                pendingStep = nil
                lastField = nil
            case .braceRight, .parenRight, .bracketRight:
                if !frames.isEmpty { frames.removeLast() }
                if frames.isEmpty { isSchemaDefinition = false; operationKind = nil }
            case .parenLeft:
                switch frames.last {
                case .selection:
                    if kind(index - 2) == .at, let directive = name(index - 1) {
                        frames.append(.directiveArguments(directive))
                    } else if let lastField, name(index - 1) == lastField.name {
                        frames.append(.fieldArguments(type: lastField.type, field: lastField.name))
                    } else {
                        frames.append(.other)
                    }
                case .none:
                    if kind(index - 2) == .at, let directive = name(index - 1) {
                        frames.append(.directiveArguments(directive))
                    } else {
                        frames.append(isSchemaDefinition ? .other : .variableDefinitions)
                    }
                case .typeDefinition:
                    frames.append(.argumentDefinitions)
                default:
                    if kind(index - 2) == .at, let directive = name(index - 1) {
                        frames.append(.directiveArguments(directive))
                    } else {
                        frames.append(.other)
                    }
                }
            case .bracketLeft:
                frames.append(.list(listElementType(frames: frames, before: index)))
            case .dollar:
                if case .variableDefinitions = frames.last, let variable = name(index + 1), kind(index + 2) == .colon {
                    let typeStart = index + 3
                    if let (type, _) = readType(from: typeStart) { variables.append((variable, type)) }
                }
            case .name:
                let word = text(token)
                if frames.isEmpty {
                    switch word {
                    case "query", "mutation", "subscription":
                        operationKind = OperationKind(rawValue: word)
                        pendingSelection = schema.rootType(operationKind!)?.name
                        definition = name(index + 1).map { (word, $0) }
                    case "fragment":
                        if name(index + 2) == "on", let type = name(index + 3) { pendingSelection = type }
                        definition = name(index + 1).map { ("fragment", $0) }
                    case "type", "interface", "input", "enum", "union", "scalar", "schema", "extend", "directive":
                        if kind(index - 1) != .colon { isSchemaDefinition = true }
                    default:
                        break
                    }
                } else if case .selection(let type, _) = frames.last {
                    if kind(index - 1) == .spread {
                        if word == "on", let condition = name(index + 1) {
                            pendingSelection = condition
                            pendingStep = "on \(condition)"
                            index += 1
                        }
                    } else if kind(index - 1) == .at {
                        // a directive
                    } else if kind(index + 1) != .colon {
                        // A field (after its alias, if any).
                        let fieldType = type.flatMap { schema[$0]?.field(word)?.type.namedType.value }
                            ?? (word == "__typename" ? "String" : nil)
                        lastField = (type, word)
                        pendingSelection = fieldType
                        // The response key: the alias before `:`, else the name.
                        pendingStep = kind(index - 1) == .colon && kind(index - 2) == .name ? text(tokens[index - 2]) : word
                    }
                }
            default:
                break
            }
            index += 1
        }

        func cursor(_ position: GraphQLCursor.Position) -> GraphQLCursor {
            var range = replaceRange
            // `$id`: the `$` is replaced with the name, when it is right before it (not a `$` left on a line above).
            if case .variable = position, kind(tokens.count - 1) == .dollar, tokens[tokens.count - 1].end == replaceRange.lowerBound {
                range = tokens[tokens.count - 1].start..<replaceRange.upperBound
            }
            var found = GraphQLCursor(position: position, prefix: prefix, replaceRange: range, variables: variables)
            found.definition = definition
            found.selectionPath = frames.compactMap { if case .selection(_, let step?) = $0 { step } else { nil } }
            return found
        }
        let previous = tokens.count - 1
        let previousKind = kind(previous)
        // Whatever the frame: `$`, `@`.
        if previousKind == .dollar {
            if case .variableDefinitions = frames.last { return nil }
            return cursor(.variable)
        }
        if previousKind == .at {
            return cursor(.directive(location: directiveLocation(frames: frames, before: previous, operation: operationKind)))
        }
        switch frames.last {
        case .none:
            if isSchemaDefinition {
                if let word = name(previous), word == "implements" { return cursor(.interface) }
                if previousKind == .ampersand { return cursor(.interface) }
                if previousKind == .equals || previousKind == .pipe { return cursor(.unionMember) }
            }
            if name(previous) == "on", name(previous - 2) == "fragment" { return cursor(.fragmentTypeCondition) }
            if previous < 0 || previousKind == .braceRight { return cursor(.definitionKeyword) }
            return nil
        case .selection(let type, _):
            guard let type else { return nil }
            if previousKind == .spread { return cursor(.spread(type: type)) }
            if name(previous) == "on", kind(previous - 1) == .spread { return cursor(.typeCondition(type: type)) }
            if previousKind == .colon, kind(previous - 1) == .name { return cursor(.field(type: type)) }
            return cursor(.field(type: type))
        case .fieldArguments(let type, let field):
            guard let type, let field else { return nil }
            if previousKind == .colon, let argument = name(previous - 1) {
                guard let argumentType = schema[type]?.field(field)?.arguments.first(where: { $0.name == argument })?.type else { return nil }
                return cursor(.value(type: argumentType))
            }
            return cursor(.argument(type: type, field: field))
        case .directiveArguments(let directive):
            if previousKind == .colon, name(previous - 1) != nil {
                return cursor(.value(type: directiveArgumentType(directive, name(previous - 1)!) ?? .named(Name("Boolean", 0..<0))))
            }
            return cursor(.directiveArgument(name: directive))
        case .variableDefinitions:
            if previousKind == .colon, kind(previous - 2) == .dollar { return cursor(.inputType) }
            // `$v: T = |`: a default value of the variable's type.
            if previousKind == .equals, let type = variableType(before: previous) { return cursor(.value(type: type)) }
            return nil
        case .inputObject(let type):
            guard let type else { return nil }
            if previousKind == .colon, let field = name(previous - 1) {
                guard let fieldType = schema[type]?.inputFields.first(where: { $0.name == field })?.type else { return nil }
                return cursor(.value(type: fieldType))
            }
            return cursor(.inputField(type: type))
        case .list(let element):
            return element.map { cursor(.value(type: $0)) }
        case .typeDefinition(let input):
            if previousKind == .colon { return cursor(.schemaType(input: input)) }
            return nil
        case .argumentDefinitions:
            if previousKind == .colon { return cursor(.schemaType(input: true)) }
            return nil
        case .other:
            return nil
        }
    }

    /// The keyword of the type definition whose `{` is at `index` (`type`, `input`, …).
    private func definitionKeyword(before index: Int) -> String? {
        var position = index - 1
        while position >= 0 {
            let word = tokens[position].kind == .name ? text(tokens[position]) : nil
            if let word, ["type", "interface", "input", "enum", "union", "scalar", "schema"].contains(word) { return word }
            position -= 1
        }
        return nil
    }

    /// A type written from token `start` (`[ID!]!`), and the index after it.
    private func readType(from start: Int) -> (TypeReference, Int)? {
        guard start < tokens.count else { return nil }
        var index = start
        var type: TypeReference
        if tokens[index].kind == .bracketLeft {
            guard let (inner, next) = readType(from: index + 1), next < tokens.count, tokens[next].kind == .bracketRight else { return nil }
            type = .list(inner)
            index = next + 1
        } else if tokens[index].kind == .name {
            type = .named(Name(text(tokens[index]), tokens[index].range))
            index += 1
        } else {
            return nil
        }
        if index < tokens.count, tokens[index].kind == .bang {
            type = .nonNull(type)
            index += 1
        }
        return (type, index)
    }

    /// The input type whose value opens with `{` at `index`: the argument or input field named before `:`, or the
    /// element type of the enclosing list.
    private func inputObjectType(frames: [Frame], before index: Int) -> String? {
        valueType(frames: frames, before: index)?.namedType.value
    }

    private func listElementType(frames: [Frame], before index: Int) -> TypeReference? {
        guard let type = valueType(frames: frames, before: index) else { return nil }
        if case .list(let element) = type.nullable { return element }
        return type  // a single value is accepted where a list is expected
    }

    /// The type of the value starting at token `index`, from the frame it stands in.
    private func valueType(frames: [Frame], before index: Int) -> TypeReference? {
        let colon = index - 1
        switch frames.last {
        case .fieldArguments(let type, let field):
            guard colon >= 1, tokens[colon].kind == .colon, let type, let field, tokens[colon - 1].kind == .name else { return nil }
            return schema[type]?.field(field)?.arguments.first { $0.name == text(tokens[colon - 1]) }?.type
        case .inputObject(let type):
            guard colon >= 1, tokens[colon].kind == .colon, let type, tokens[colon - 1].kind == .name else { return nil }
            return schema[type]?.inputFields.first { $0.name == text(tokens[colon - 1]) }?.type
        case .list(let element):
            return element
        case .variableDefinitions:
            guard colon >= 0, tokens[colon].kind == .equals else { return nil }
            return variableType(before: colon)
        default:
            return nil
        }
    }

    /// The type of the variable whose default value follows the `=` at token `equals`: `$name: Type =`.
    private func variableType(before equals: Int) -> TypeReference? {
        var position = equals - 1
        while position >= 2 {
            if tokens[position].kind == .colon, tokens[position - 1].kind == .name, tokens[position - 2].kind == .dollar {
                guard let (type, end) = readType(from: position + 1), end == equals else { return nil }
                return type
            }
            position -= 1
        }
        return nil
    }

    private func directiveArgumentType(_ directive: String, _ argument: String) -> TypeReference? {
        switch (directive, argument) {
        case ("include", "if"), ("skip", "if"), ("defer", "if"): return .named(Name("Boolean", 0..<0))
        case ("defer", "label"): return .named(Name("String", 0..<0))
        default: return nil
        }
    }

    /// Where a directive typed at `@` (token `at`) would stand.
    private func directiveLocation(frames: [Frame], before at: Int, operation: OperationKind?) -> String {
        guard case .selection = frames.last else {
            if frames.isEmpty, let operation { return operation.rawValue.uppercased() }
            return frames.isEmpty ? "FRAGMENT_DEFINITION" : "FIELD"
        }
        // `... @`, `...Name @`, `... on T @`.
        var position = at - 1
        while position >= 0, tokens[position].kind == .name { position -= 1 }
        if position >= 0, tokens[position].kind == .spread {
            let words = tokens[(position + 1)..<at].map { text($0) }
            return words.isEmpty || words.first == "on" ? "INLINE_FRAGMENT" : "FRAGMENT_SPREAD"
        }
        return "FIELD"
    }
}
