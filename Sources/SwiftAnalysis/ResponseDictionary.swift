import SwiftSyntax

/// A value of a response spelled as a Swift dictionary literal (`["hero": ["__typename": "Human", "name": "Luke"]]`),
/// as tests wrote them before test mocks: what `X.Data(data:)` is given.
public indirect enum ResponseValue: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The key's text when it is a plain string literal; nil for any other key expression.
        public var key: String?
        /// The key as written, to name it when it is not a string literal.
        public var keyText: String
        public var value: ResponseValue
    }

    case object([Entry])
    case list([ResponseValue])
    /// A string literal without interpolation: its value and its text as written.
    case string(value: String, text: String)
    case integer(String)
    case float(String)
    case boolean(Bool)
    /// `nil` or `NSNull()`.
    case null
    /// Anything else, as written (a variable, a call, an interpolated string).
    case expression(String)
}

/// A response dictionary and the call that turns it into a model: `try HeroQuery.Data(data: data)`,
/// `X.Data(data: …, variables: …)`, `X.Data(_dataDict: DataDict(data: …, fulfilledFragments: …))`.
public struct ResponseDictionaryUse: Sendable, Equatable {
    /// The call that consumes the dictionary.
    public struct Consumer: Sendable, Equatable {
        /// The selection set the call builds, as written (`HeroQuery.Data`, `StarWarsAPI.HeroQuery.Data`).
        public var path: [String]
        /// The expression the model comes from: the call, with a `try` or `try!` written right before it.
        public var range: Range<Int>
        /// `try?` before the call: the model stays optional, so the `try?` stays.
        public var keepsTry: Bool
        /// The `variables:` argument as written.
        public var variables: String?
        /// The Apollo iOS release the call is written for, when it tells: `try await X.Data(data:)` is 2.x (its
        /// initializer is `async`), `try X.Data(data:)` 1.x; `init(_dataDict:)` is synchronous in both.
        public var writtenFor: ApolloRelease?
    }

    public enum ApolloRelease: Sendable, Equatable {
        case one, two
    }

    /// `let data: [String: Any] = [...]`, the dictionary's declaration when the call names it.
    public struct Declaration: Sendable, Equatable {
        public var name: String
        /// The whole statement's lines, from the start of its first line to after its last line's end.
        public var lineRange: Range<Int>
        /// The 1-based lines of uses other than the consuming call's.
        public var otherUses: [Int]
    }

    public var consumer: Consumer
    public var dictionary: ResponseValue
    public var declaration: Declaration?
    /// Where statements go before the call's statement (the start of its line), with that line's indentation; nil
    /// when the call is in no statement list (a stored property's initializer).
    public var statementStart: Int?
    public var indentation: String
    /// Names declared or used in the enclosing function: a new local must take none of them.
    public var takenNames: Set<String>
    /// Where ` async` goes in the enclosing function's signature when it is not `async` yet (2.x's `from` is), and
    /// the text to insert; nil when it is async or the call is not directly in a function.
    public var asyncInsertion: Insertion?

    public struct Insertion: Sendable, Equatable {
        public var offset: Int
        public var text: String
    }
}

extension SwiftFile {
    /// The response dictionary at `offset` (in the literal, or on the call that consumes it) and its consumer. Nil
    /// when the cursor is on neither, or a dictionary literal no known call consumes.
    public func responseDictionaryUse(at offset: Int) -> ResponseDictionaryUse? {
        guard let token = token(before: offset + 1) else { return nil }
        var outermostDictionary: DictionaryExprSyntax?
        var node: Syntax? = Syntax(token)
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self), let use = use(of: call) { return use }
            if let dictionary = current.as(DictionaryExprSyntax.self) { outermostDictionary = dictionary }
            if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { break }
            node = current.parent
        }
        // The cursor on the declaration of a variable holding one (`let da|ta: [String: Any] = [`).
        if outermostDictionary == nil {
            let binding = Syntax(token).nearestAncestor(PatternBindingSyntax.self)
                ?? token.parent?.as(VariableDeclSyntax.self).flatMap { $0.bindings.count == 1 ? $0.bindings.first : nil }
            outermostDictionary = binding.flatMap { $0.initializer?.value }.flatMap(Self.dictionaryLiteral)
        }
        // A dictionary a variable holds: its consumer is a call that names the variable after it.
        guard let dictionary = outermostDictionary,
            let binding = Self.enclosingBinding(of: ExprSyntax(dictionary)),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let scope = binding.nearestAncestor(CodeBlockItemListSyntax.self)
        else { return nil }
        for reference in scope.tokens(viewMode: .sourceAccurate) where reference.text == name && reference.position > binding.endPosition {
            var up: Syntax? = Syntax(reference)
            while let current = up, !current.is(CodeBlockItemSyntax.self) {
                if let call = current.as(FunctionCallExprSyntax.self), let use = use(of: call), use.declaration?.name == name { return use }
                up = current.parent
            }
        }
        return nil
    }

    /// The use a call makes of a response dictionary, when it is a model's initializer given one.
    private func use(of call: FunctionCallExprSyntax) -> ResponseDictionaryUse? {
        guard var path = Self.typePath(call.calledExpression) ?? Self.contextualType(of: call) else { return nil }
        if path.last == "init" { path.removeLast() }
        guard !path.isEmpty, path.allSatisfy({ $0.first?.isUppercase == true }), path.first != "DataDict" else { return nil }
        let arguments = Array(call.arguments)
        var data: ExprSyntax
        var variables: String?
        switch arguments.first?.label?.text {
        case "data":
            data = arguments[0].expression
            if arguments.count == 2, arguments[1].label?.text == "variables" {
                variables = arguments[1].expression.trimmedDescription
            } else if arguments.count != 1 {
                return nil
            }
        case "_dataDict":
            guard arguments.count == 1, let inner = Self.dataDictContents(arguments[0].expression) else { return nil }
            data = inner
        default:
            return nil
        }
        var declared: ResponseDictionaryUse.Declaration?
        if let name = data.as(DeclReferenceExprSyntax.self)?.baseName.text {
            guard let (binding, statement) = self.declaration(of: name, before: call) else { return nil }
            guard let initializer = binding.initializer?.value else { return nil }
            data = initializer
            let arguments = call.arguments.position..<call.arguments.endPosition
            var uses: [Int] = []
            let scope = statement.nearestAncestor(CodeBlockItemListSyntax.self).map(Syntax.init) ?? Syntax(statement)
            for token in scope.tokens(viewMode: .sourceAccurate)
            where token.text == name && token.position > statement.endPosition && !arguments.contains(token.position) {
                guard token.parent?.is(DeclReferenceExprSyntax.self) == true else { continue }
                uses.append(line(of: token.positionAfterSkippingLeadingTrivia.utf8Offset))
            }
            declared = .init(name: name, lineRange: lineRange(of: Syntax(statement)), otherUses: uses)
        }
        guard let dictionary = Self.responseValue(data), case .object = dictionary else { return nil }
        // A dictionary or a call still being written (an unterminated string, a missing bracket) is no response to
        // convert: the parser's guess at where it ends is no ground for a rewrite.
        if data.hasError || call.hasError { return nil }

        var replaced = Syntax(call)
        var keepsTry = false
        // `try await X.Data(data:)` (2.x), `await` alone, or `try` alone (1.x).
        let awaited = call.parent?.as(AwaitExprSyntax.self)
        if let awaited { replaced = Syntax(awaited) }
        if let tryExpression = replaced.parent?.as(TryExprSyntax.self) {
            if tryExpression.questionOrExclamationMark?.text == "?" { keepsTry = true } else { replaced = Syntax(tryExpression) }
        }
        let writtenFor: ResponseDictionaryUse.ApolloRelease? = arguments.first?.label?.text == "data" ? (awaited != nil ? .two : .one) : nil
        let statement = call.nearestAncestor(CodeBlockItemSyntax.self)
        let statementStart = statement.map { lines.lineStarts[lines.line(containing: $0.positionAfterSkippingLeadingTrivia.utf8Offset)] }
        let function = Self.enclosingFunction(of: Syntax(call))
        return ResponseDictionaryUse(
            consumer: .init(
                path: path, range: replaced.positionAfterSkippingLeadingTrivia.utf8Offset..<replaced.endPositionBeforeTrailingTrivia.utf8Offset,
                keepsTry: keepsTry, variables: variables, writtenFor: writtenFor),
            dictionary: dictionary, declaration: declared,
            statementStart: statementStart, indentation: statementStart.map(indentation(at:)) ?? "",
            takenNames: Self.identifiers(in: function.map(Syntax.init) ?? Syntax(tree)),
            asyncInsertion: function.flatMap(Self.asyncInsertion))
    }

    /// The names declared and referred to in `node`, not members (`model.hero` takes `model`, not `hero`).
    private static func identifiers(in node: Syntax) -> Set<String> {
        var names: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let parent = token.parent else { continue }
            if let reference = parent.as(DeclReferenceExprSyntax.self) {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
                names.insert(name)
            } else if parent.is(IdentifierPatternSyntax.self) || parent.is(FunctionParameterSyntax.self)
                || parent.is(ClosureShorthandParameterSyntax.self) || parent.is(ClosureParameterSyntax.self)
            {
                names.insert(name)
            }
        }
        return names
    }

    /// `let name … = …` before `call` in a statement list that holds the call.
    private func declaration(of name: String, before call: FunctionCallExprSyntax) -> (PatternBindingSyntax, CodeBlockItemSyntax)? {
        var scope = call.nearestAncestor(CodeBlockItemListSyntax.self)
        while let list = scope {
            for item in list.reversed() where item.endPosition <= call.position {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return (binding, item)
                }
            }
            scope = list.parent?.nearestAncestor(CodeBlockItemListSyntax.self)
        }
        return nil
    }

    private func lineRange(of node: Syntax) -> Range<Int> {
        let first = lines.line(containing: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        let last = lines.line(containing: max(node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset - 1))
        let end = last + 1 < lines.lineCount ? lines.lineStarts[last + 1] : lines.byteCount
        return lines.lineStarts[first]..<end
    }

    private func indentation(at lineStart: Int) -> String {
        let bytes = lines.bytes[lineStart...].prefix { $0 == 32 || $0 == 9 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `A.B.C` or `A.B.init` as its names; nil for anything else.
    static func typePath(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let path = typePath(base) {
            return path + [member.declName.baseName.text]
        }
        return nil
    }

    /// `let hero: HeroQuery.Data = .init(…)` (a `try` before it or not): the annotation's names, for `.init(`.
    static func contextualType(of call: FunctionCallExprSyntax) -> [String]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init"
        else { return nil }
        var node = Syntax(call)
        if let tryExpression = node.parent?.as(TryExprSyntax.self) { node = Syntax(tryExpression) }
        guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let type = binding.typeAnnotation?.type, type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self)
        else { return nil }
        return type.trimmedDescription.split(separator: ".").map(String.init)
    }

    /// `DataDict(data: X, fulfilledFragments: …)`: X.
    static func dataDictContents(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), typePath(call.calledExpression)?.last == "DataDict"
                || typePath(call.calledExpression) == ["DataDict", "init"],
            let data = call.arguments.first, data.label?.text == "data"
        else { return nil }
        return data.expression
    }

    /// The literal as a response value; nil for an expression that is no dictionary or array literal at the top.
    static func responseValue(_ expression: ExprSyntax) -> ResponseValue? {
        switch value(expression) {
        case .expression: return nil
        case let value: return value
        }
    }

    private static func value(_ expression: ExprSyntax) -> ResponseValue {
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .object([]) }
            return .object(elements.map { element in
                let key = element.key.as(StringLiteralExprSyntax.self).flatMap(plainString)
                return .init(key: key, keyText: element.key.trimmedDescription, value: value(element.value))
            })
        }
        if let array = expression.as(ArrayExprSyntax.self) { return .list(array.elements.map { value($0.expression) }) }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            guard let plain = plainString(string) else { return .expression(string.trimmedDescription) }
            return .string(value: plain, text: string.trimmedDescription)
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return .integer(integer.literal.text) }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return .float(float.literal.text) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            if let integer = prefix.expression.as(IntegerLiteralExprSyntax.self) { return .integer("-" + integer.literal.text) }
            if let float = prefix.expression.as(FloatLiteralExprSyntax.self) { return .float("-" + float.literal.text) }
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return .boolean(boolean.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .null }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if typePath(call.calledExpression) == ["NSNull"], call.arguments.isEmpty { return .null }
            if let data = dataDictContents(expression) { return value(data) }
        }
        if let cast = expression.as(AsExprSyntax.self) { return value(cast.expression) }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
        {
            return value(first)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return value(only.expression)
        }
        return .expression(expression.trimmedDescription)
    }

    /// A string literal's value when it has no interpolation and no escapes other than the common ones.
    private static func plainString(_ literal: StringLiteralExprSyntax) -> String? {
        guard literal.openingPounds == nil else { return nil }
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self)?.content.text else { return nil }
            guard !text.contains("\\") else { return nil }
            value += text
        }
        return value
    }

    /// The dictionary literal an initializer holds, through `as` casts (`[…] as [String: Any]`).
    private static func dictionaryLiteral(_ expression: ExprSyntax) -> DictionaryExprSyntax? {
        if let dictionary = expression.as(DictionaryExprSyntax.self) { return dictionary }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first { return dictionaryLiteral(first) }
        if let cast = expression.as(AsExprSyntax.self) { return dictionaryLiteral(cast.expression) }
        return nil
    }

    /// The binding whose initializer is `expression` (`let data: [String: Any] = [...]`).
    private static func enclosingBinding(of expression: ExprSyntax) -> PatternBindingSyntax? {
        var node = Syntax(expression)
        while let parent = node.parent {
            if parent.is(InitializerClauseSyntax.self) { return parent.parent?.as(PatternBindingSyntax.self) }
            guard parent.is(AsExprSyntax.self) || parent.is(SequenceExprSyntax.self) || parent.is(ExprListSyntax.self) else { return nil }
            node = parent
        }
        return nil
    }

    /// The function whose body the node is directly in (not in a closure of it).
    private static func enclosingFunction(of node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) { return nil }
            if let function = node.as(FunctionDeclSyntax.self) { return function }
            current = node.parent
        }
        return nil
    }

    private static func asyncInsertion(_ function: FunctionDeclSyntax) -> ResponseDictionaryUse.Insertion? {
        let effects = function.signature.effectSpecifiers
        guard effects?.asyncSpecifier == nil else { return nil }
        if let throwsClause = effects?.throwsClause {
            return .init(offset: throwsClause.positionAfterSkippingLeadingTrivia.utf8Offset, text: "async ")
        }
        return .init(offset: function.signature.parameterClause.endPositionBeforeTrailingTrivia.utf8Offset, text: " async")
    }
}

extension SyntaxProtocol {
    fileprivate func nearestAncestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let found = current.as(T.self) { return found }
            node = current.parent
        }
        return nil
    }
}
