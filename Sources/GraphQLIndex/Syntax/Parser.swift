/// A recursive-descent parser for GraphQL documents (GraphQL spec, October 2021), executable and type system
/// alike, that never fails: it returns the definitions it could read, partial ones included, and the errors.
///
/// Recovery: a missing token is reported and assumed; an unexpected token is reported and skipped; a definition
/// keyword at the start of a line ends whatever was open, so an unfinished selection set while typing does not
/// swallow the definitions after it.
public enum GraphQLParser {
    /// How deep selection sets, list and object values, and list types may nest (apollo-parser, Apollo's own
    /// parser, stops at 500 too). Deeper, the parser reports one error where the limit is passed, skips that
    /// construct and goes on, so that no walk over a document recurses without bound.
    public static let maximumDepth = 500

    public static func parse(_ source: [UInt8]) -> Document {
        source.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, array: source)
            return parser.parseDocument()
        }
    }

    public static func parse(_ source: String) -> Document { parse(Array(source.utf8)) }
}

private struct Parser {
    var lexer: Lexer
    var token: Token
    var previousEnd = 0
    var errors: [SyntaxError] = []
    /// How many selection sets, values and list types enclose the current token.
    var depth = 0
    let source: UnsafeBufferPointer<UInt8>
    /// The same bytes as an array, which descriptions share.
    let array: [UInt8]

    init(_ source: UnsafeBufferPointer<UInt8>, array: [UInt8]) {
        self.source = source
        self.array = array
        lexer = Lexer(source)
        token = lexer.next()
    }

    // MARK: Tokens

    mutating func advance() {
        previousEnd = token.end
        token = lexer.next()
    }

    func text(_ token: Token) -> String { String(decoding: source[token.range], as: UTF8.self) }

    func isName(_ value: String) -> Bool {
        token.kind == .name && source[token.range].elementsEqual(value.utf8)
    }

    func peek() -> Token {
        var copy = lexer
        return copy.next()
    }

    mutating func error(_ message: String, at range: Range<Int>? = nil) {
        let range = range ?? token.range
        // One error per position: recovery may look at the same token twice.
        if errors.last?.range.lowerBound != range.lowerBound { errors.append(SyntaxError(message, range)) }
    }

    var describeToken: String {
        switch token.kind {
        case .endOfFile: return "end of file"
        case .name: return "\"\(text(token))\""
        case .string, .blockString: return "a string"
        case .int, .float: return "number \(text(token))"
        default: return "\"\(text(token))\""
        }
    }

    @discardableResult
    mutating func expect(_ kind: Token.Kind, _ what: String) -> Bool {
        if token.kind == kind {
            advance()
            return true
        }
        error("expected \(what), found \(describeToken)")
        return false
    }

    mutating func skip(_ kind: Token.Kind) -> Bool {
        guard token.kind == kind else { return false }
        advance()
        return true
    }

    mutating func parseName(_ what: String) -> Name? {
        guard token.kind == .name else {
            error("expected \(what), found \(describeToken)")
            return nil
        }
        let name = Name(text(token), token.range)
        advance()
        return name
    }

    /// A definition keyword at the start of a line: where an unfinished definition is taken to end.
    var startsDefinitionOnNewLine: Bool {
        guard token.kind == .name || token.kind == .braceLeft || token.kind == .string || token.kind == .blockString else { return false }
        guard token.start == 0 || source[token.start - 1] == UInt8(ascii: "\n") || source[token.start - 1] == UInt8(ascii: "\r") else {
            return false
        }
        if token.kind != .name { return token.kind == .braceLeft ? false : true }
        return Self.definitionKeywords.contains(text(token))
    }

    static let definitionKeywords: Set<String> = [
        "query", "mutation", "subscription", "fragment", "schema", "scalar", "type", "interface", "union", "enum",
        "input", "directive", "extend",
    ]

    // MARK: Document

    mutating func parseDocument() -> Document {
        var definitions: [Definition] = []
        while token.kind != .endOfFile {
            let start = token.start
            if let definition = parseDefinition() {
                definitions.append(definition)
            }
            if token.start == start {
                // Nothing was consumed: skip the token so that the loop always moves.
                error("expected a definition, found \(describeToken)")
                advance()
            }
        }
        return Document(definitions: definitions, errors: (lexer.errors + errors).sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    mutating func parseDefinition() -> Definition? {
        switch token.kind {
        case .braceLeft:
            let start = token.start
            let selectionSet = parseSelectionSet()
            return .operation(OperationDefinition(
                kind: .query, name: nil, variables: [], directives: [], selectionSet: selectionSet, range: start..<previousEnd))
        case .string, .blockString:
            let start = token.start
            let description = parseDescription()
            return parseTypeSystemDefinition(description: description, start: start)
        case .name:
            switch text(token) {
            case "query", "mutation", "subscription": return parseOperation()
            case "fragment": return parseFragment()
            default: return parseTypeSystemDefinition(description: nil, start: token.start)
            }
        default:
            return nil
        }
    }

    mutating func parseDescription() -> GraphQLString? {
        switch token.kind {
        case .string, .blockString:
            defer { advance() }
            return GraphQLString(bytes: array[token.range], isBlock: token.kind == .blockString)
        default:
            return nil
        }
    }

    // MARK: Executable definitions

    mutating func parseOperation() -> Definition {
        let start = token.start
        let kind = OperationKind(rawValue: text(token)) ?? .query
        advance()
        let name = token.kind == .name ? parseName("a name") : nil
        let variables = parseVariableDefinitions()
        let directives = parseDirectives(const: false)
        let selectionSet = parseSelectionSet()
        return .operation(OperationDefinition(
            kind: kind, name: name, variables: variables, directives: directives, selectionSet: selectionSet,
            range: start..<previousEnd))
    }

    mutating func parseFragment() -> Definition? {
        let start = token.start
        advance()
        guard let name = parseName("a fragment name") else { return nil }
        if name.value == "on" { error("a fragment cannot be named \"on\"", at: name.range) }
        var typeCondition = Name("", previousEnd..<previousEnd)
        if isName("on") {
            advance()
            typeCondition = parseName("a type condition") ?? typeCondition
        } else {
            error("expected \"on\", found \(describeToken)")
        }
        let directives = parseDirectives(const: false)
        let selectionSet = parseSelectionSet()
        return .fragment(FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            range: start..<previousEnd))
    }

    mutating func parseVariableDefinitions() -> [VariableDefinition] {
        guard skip(.parenLeft) else { return [] }
        var variables: [VariableDefinition] = []
        while token.kind != .parenRight, token.kind != .endOfFile, !startsDefinitionOnNewLine {
            guard token.kind == .dollar else {
                error("expected a variable, found \(describeToken)")
                if token.kind == .braceLeft { break }
                advance()
                continue
            }
            advance()
            guard let name = parseName("a variable name") else { continue }
            expect(.colon, "\":\"")
            let type = parseTypeReference() ?? .named(Name("", previousEnd..<previousEnd))
            let defaultValue = skip(.equals) ? parseValue(const: true) : nil
            variables.append(VariableDefinition(
                name: name, type: type, defaultValue: defaultValue, directives: parseDirectives(const: true)))
        }
        expect(.parenRight, "\")\"")
        return variables
    }

    mutating func parseSelectionSet() -> SelectionSet {
        let start = token.start
        guard token.kind == .braceLeft else {
            error("expected \"{\", found \(describeToken)")
            return SelectionSet(selections: [], range: start..<start)
        }
        guard enterNested() else { return SelectionSet(selections: [], range: start..<previousEnd) }
        defer { depth -= 1 }
        advance()
        var selections: [Selection] = []
        while token.kind != .braceRight {
            if token.kind == .endOfFile || startsDefinitionOnNewLine {
                error("expected \"}\", found \(describeToken)")
                return SelectionSet(selections: selections, range: start..<previousEnd)
            }
            if let selection = parseSelection() {
                selections.append(selection)
            } else {
                advance()
            }
        }
        advance()
        return SelectionSet(selections: selections, range: start..<previousEnd)
    }

    mutating func parseSelection() -> Selection? {
        let start = token.start
        if token.kind == .spread {
            advance()
            if token.kind == .name, !isName("on") {
                let name = Name(text(token), token.range)
                advance()
                return .fragmentSpread(FragmentSpread(name: name, directives: parseDirectives(const: false), range: start..<previousEnd))
            }
            var typeCondition: Name?
            if isName("on") {
                advance()
                typeCondition = parseName("a type condition")
            }
            let directives = parseDirectives(const: false)
            let selectionSet = parseSelectionSet()
            return .inlineFragment(InlineFragment(
                typeCondition: typeCondition, directives: directives, selectionSet: selectionSet, range: start..<previousEnd))
        }
        guard token.kind == .name else {
            error("expected a field, a fragment spread or an inline fragment, found \(describeToken)")
            return nil
        }
        var alias: Name?
        var name = Name(text(token), token.range)
        advance()
        if skip(.colon) {
            alias = name
            guard let fieldName = parseName("a field name") else { return nil }
            name = fieldName
        }
        let arguments = parseArguments(const: false)
        let directives = parseDirectives(const: false)
        let selectionSet = token.kind == .braceLeft ? parseSelectionSet() : nil
        return .field(FieldSelection(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            range: start..<previousEnd))
    }

    mutating func parseArguments(const: Bool) -> [Argument] {
        guard skip(.parenLeft) else { return [] }
        var arguments: [Argument] = []
        while token.kind != .parenRight, token.kind != .endOfFile, !startsDefinitionOnNewLine {
            guard let name = parseName("an argument name") else {
                if token.kind == .braceLeft || token.kind == .braceRight { break }
                advance()
                continue
            }
            expect(.colon, "\":\"")
            arguments.append(Argument(name: name, value: parseValue(const: const)))
        }
        expect(.parenRight, "\")\"")
        return arguments
    }

    mutating func parseDirectives(const: Bool) -> [Directive] {
        var directives: [Directive] = []
        while token.kind == .at {
            let start = token.start
            advance()
            guard let name = parseName("a directive name") else { break }
            directives.append(Directive(name: name, arguments: parseArguments(const: const), range: start..<previousEnd))
        }
        return directives
    }

    mutating func parseValue(const: Bool) -> Value {
        switch token.kind {
        case .dollar:
            advance()
            guard let name = parseName("a variable name") else { return .null }
            if const { error("a constant value cannot use the variable $\(name.value)", at: name.range) }
            return .variable(name)
        case .int:
            defer { advance() }
            return .int(text(token))
        case .float:
            defer { advance() }
            return .float(text(token))
        case .string:
            defer { advance() }
            return .string(StringValue.quoted(source[token.range]))
        case .blockString:
            defer { advance() }
            return .string(StringValue.block(source[token.range]))
        case .name:
            defer { advance() }
            switch text(token) {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            case let name: return .enumValue(name)
            }
        case .bracketLeft:
            guard enterNested() else { return .null }
            defer { depth -= 1 }
            advance()
            var values: [Value] = []
            while token.kind != .bracketRight, token.kind != .endOfFile, token.kind != .parenRight, token.kind != .braceRight {
                let start = token.start
                values.append(parseValue(const: const))
                if token.start == start { advance() }
            }
            expect(.bracketRight, "\"]\"")
            return .list(values)
        case .braceLeft:
            guard enterNested() else { return .null }
            defer { depth -= 1 }
            advance()
            var members: [(name: Name, value: Value)] = []
            while token.kind != .braceRight, token.kind != .endOfFile, token.kind != .parenRight {
                guard let name = parseName("a field name") else {
                    advance()
                    continue
                }
                expect(.colon, "\":\"")
                members.append((name, parseValue(const: const)))
            }
            expect(.braceRight, "\"}\"")
            return .object(members)
        default:
            error("expected a value, found \(describeToken)")
            return .null
        }
    }

    mutating func parseTypeReference() -> TypeReference? {
        var type: TypeReference
        if token.kind == .bracketLeft {
            let start = token.start
            // Too deep: the whole list type was skipped; what stands in for it is reported already.
            guard enterNested() else { return .named(Name("", start..<previousEnd)) }
            defer { depth -= 1 }
            advance()
            guard let inner = parseTypeReference() else { return nil }
            expect(.bracketRight, "\"]\"")
            type = .list(inner)
        } else {
            guard let name = parseName("a type") else { return nil }
            type = .named(name)
        }
        if skip(.bang) { type = .nonNull(type) }
        return type
    }

    /// At an opening bracket: counts one more level, or, past `GraphQLParser.maximumDepth`, reports it and skips the
    /// whole construct (to its closing bracket, the end of the file or a definition keyword starting a line).
    mutating func enterNested() -> Bool {
        guard depth >= GraphQLParser.maximumDepth else {
            depth += 1
            return true
        }
        let start = token.start
        var open = 0
        repeat {
            switch token.kind {
            case .braceLeft, .bracketLeft, .parenLeft: open += 1
            case .braceRight, .bracketRight, .parenRight: open -= 1
            default: break
            }
            advance()
        } while open > 0 && token.kind != .endOfFile && !(startsDefinitionOnNewLine && token.kind == .name)
        error("nested more than \(GraphQLParser.maximumDepth) levels deep: mockls reads no deeper", at: start..<previousEnd)
        return false
    }

    // MARK: Type system definitions

    mutating func parseTypeSystemDefinition(description: GraphQLString?, start: Int) -> Definition? {
        guard token.kind == .name else {
            error("expected a definition after the description, found \(describeToken)")
            return nil
        }
        var isExtension = false
        if isName("extend") {
            isExtension = true
            advance()
        }
        let keyword = token.kind == .name ? text(token) : ""
        switch keyword {
        case "schema":
            advance()
            return .schema(parseSchema(isExtension: isExtension, start: start))
        case "scalar", "type", "interface", "union", "enum", "input":
            advance()
            return parseType(keyword: keyword, description: description, isExtension: isExtension, start: start)
        case "directive" where !isExtension:
            advance()
            return parseDirectiveDefinition(description: description, start: start)
        default:
            error("expected a definition, found \(describeToken)")
            return nil
        }
    }

    mutating func parseSchema(isExtension: Bool, start: Int) -> SchemaDefinition {
        let directives = parseDirectives(const: true)
        var operationTypes: [(kind: OperationKind, type: Name)] = []
        if skip(.braceLeft) {
            while token.kind != .braceRight, token.kind != .endOfFile, !startsDefinitionOnNewLine {
                guard token.kind == .name, let kind = OperationKind(rawValue: text(token)) else {
                    error("expected query, mutation or subscription, found \(describeToken)")
                    advance()
                    continue
                }
                advance()
                expect(.colon, "\":\"")
                if let type = parseName("a type") { operationTypes.append((kind, type)) }
            }
            expect(.braceRight, "\"}\"")
        } else if !isExtension {
            error("expected \"{\", found \(describeToken)")
        }
        return SchemaDefinition(isExtension: isExtension, directives: directives, operationTypes: operationTypes, range: start..<previousEnd)
    }

    mutating func parseType(keyword: String, description: GraphQLString?, isExtension: Bool, start: Int) -> Definition? {
        guard let name = parseName("a type name") else { return nil }
        let kind: TypeKind = switch keyword {
        case "scalar": .scalar
        case "type": .object
        case "interface": .interface
        case "union": .union
        case "enum": .enumeration
        default: .inputObject
        }
        var interfaces: [Name] = []
        if (kind == .object || kind == .interface), isName("implements") {
            advance()
            _ = skip(.ampersand)
            while token.kind == .name, !startsDefinitionOnNewLine {
                interfaces.append(Name(text(token), token.range))
                advance()
                if !skip(.ampersand) { break }
            }
        }
        let directives = parseDirectives(const: true)
        var definition = TypeDefinition(
            kind: kind, isExtension: isExtension, description: description, name: name, interfaces: interfaces,
            directives: directives, fields: [], unionMembers: [], enumValues: [], inputFields: [], range: start..<previousEnd)
        switch kind {
        case .object, .interface:
            if token.kind == .braceLeft { definition.fields = parseFieldDefinitions() }
        case .union:
            if skip(.equals) {
                _ = skip(.pipe)
                while token.kind == .name, !startsDefinitionOnNewLine {
                    definition.unionMembers.append(Name(text(token), token.range))
                    advance()
                    if !skip(.pipe) { break }
                }
            }
        case .enumeration:
            if token.kind == .braceLeft { definition.enumValues = parseEnumValues() }
        case .inputObject:
            if token.kind == .braceLeft { definition.inputFields = parseInputValues(open: .braceLeft, close: .braceRight) }
        case .scalar:
            break
        }
        definition.range = start..<previousEnd
        return .type(definition)
    }

    mutating func parseFieldDefinitions() -> [FieldDefinition] {
        advance()
        var fields: [FieldDefinition] = []
        while token.kind != .braceRight, token.kind != .endOfFile, !startsDefinitionOnNewLineAfterDescription {
            let start = token.start
            let description = parseDescription()
            guard let name = parseName("a field definition") else {
                if token.start == start { advance() }
                continue
            }
            let arguments = token.kind == .parenLeft ? parseInputValues(open: .parenLeft, close: .parenRight) : []
            expect(.colon, "\":\"")
            let type = parseTypeReference() ?? .named(Name("", previousEnd..<previousEnd))
            let directives = parseDirectives(const: true)
            fields.append(FieldDefinition(
                description: description, name: name, arguments: arguments, type: type, directives: directives,
                range: start..<previousEnd))
        }
        expect(.braceRight, "\"}\"")
        return fields
    }

    /// Inside a type body a string may start a field's description, so only a keyword counts as a new definition.
    var startsDefinitionOnNewLineAfterDescription: Bool {
        token.kind == .name && startsDefinitionOnNewLine && peek().kind == .name
    }

    mutating func parseInputValues(open: Token.Kind, close: Token.Kind) -> [InputValueDefinition] {
        advance()
        var values: [InputValueDefinition] = []
        while token.kind != close, token.kind != .endOfFile, !startsDefinitionOnNewLineAfterDescription {
            let start = token.start
            let description = parseDescription()
            guard let name = parseName("an input value definition") else {
                if token.start == start { advance() }
                continue
            }
            expect(.colon, "\":\"")
            let type = parseTypeReference() ?? .named(Name("", previousEnd..<previousEnd))
            let defaultValue = skip(.equals) ? parseValue(const: true) : nil
            values.append(InputValueDefinition(
                description: description, name: name, type: type, defaultValue: defaultValue, directives: parseDirectives(const: true)))
        }
        expect(close, close == .parenRight ? "\")\"" : "\"}\"")
        return values
    }

    mutating func parseEnumValues() -> [EnumValueDefinition] {
        advance()
        var values: [EnumValueDefinition] = []
        while token.kind != .braceRight, token.kind != .endOfFile, !startsDefinitionOnNewLineAfterDescription {
            let start = token.start
            let description = parseDescription()
            guard let name = parseName("an enum value") else {
                if token.start == start { advance() }
                continue
            }
            values.append(EnumValueDefinition(description: description, name: name, directives: parseDirectives(const: true)))
        }
        expect(.braceRight, "\"}\"")
        return values
    }

    mutating func parseDirectiveDefinition(description: GraphQLString?, start: Int) -> Definition? {
        guard expect(.at, "\"@\""), let name = parseName("a directive name") else { return nil }
        let arguments = token.kind == .parenLeft ? parseInputValues(open: .parenLeft, close: .parenRight) : []
        var isRepeatable = false
        if isName("repeatable") {
            isRepeatable = true
            advance()
        }
        var locations: [Name] = []
        if isName("on") {
            advance()
            _ = skip(.pipe)
            while token.kind == .name, !startsDefinitionOnNewLine {
                locations.append(Name(text(token), token.range))
                advance()
                if !skip(.pipe) { break }
            }
        } else {
            error("expected \"on\", found \(describeToken)")
        }
        return .directive(DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable, locations: locations,
            range: start..<previousEnd))
    }
}
