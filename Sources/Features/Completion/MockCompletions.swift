import GraphQLIndex
import SwiftAnalysis

/// Completion in mock-building code (`Mock<|`, `Mock<Dog>(|`, `Mock<Dog>(height: |`, `dog.|`, `X.from(|`,
/// `X.placeholder(|`), from the project's GraphQL documents alone: no build, no generated code.
public enum MockCompletions {
    /// `placeholders`: the workspace declares `placeholder()` factories (offered after a leading dot).
    /// `helpers`: the types of the helpers the file can call, for values that name one (`Fixtures.cat.`).
    public static func completions(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, placeholders: Bool, helpers: HelperTypes = .none
    ) -> [Completion] {
        completions(at: offset, in: file, project: project, keepingArgumentOrder: true, placeholders: placeholders, helpers: helpers)
    }

    /// `keepingArgumentOrder` false offers every label of a call, wherever it would go (the oracle test checks that
    /// those completion leaves out do not compile).
    static func completions(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, keepingArgumentOrder: Bool, placeholders: Bool = false,
        helpers: HelperTypes = .none
    ) -> [Completion] {
        guard let context = MockCompletionContext.at(offset, in: file) else { return [] }
        let resolver = ValueResolver(file: file, project: project, helpers: helpers)
        let items: [Item]
        switch context.position {
        case .typeArgument(_, let from):
            var objects = project.mockModel.objects
            var detail = { (object: MockObject) in "Mock<\(object.swiftName)>" }
            // `X.Data.from(Mock<|`: the types X's parent type can be first (another one crashes, apollo-ios#3451).
            if let from, let selectionSet = resolver.selectionSet(from) {
                let possible = Set(project.schema.possibleTypes(of: selectionSet.parentType))
                objects = objects.filter { possible.contains($0.name) } + objects.filter { !possible.contains($0.name) }
                detail = { object in
                    possible.contains(object.name) ? "Mock<\(object.swiftName)>: what `\(from.joined(separator: "."))` is built from" : "Mock<\(object.swiftName)>"
                }
            }
            items = objects.map { object in
                Item(object.swiftName, .mockType, detail: detail(object), documentation: object.description.map { .markdown($0.value) })
            }
        case .argumentLabel(let call, let before, let after):
            let written = keepingArgumentOrder ? ArgumentSlot(before: before, after: after) : ArgumentSlot(before: [], after: [])
            var labels = labels(for: call, written: written, value: context.writtenValue, at: offset, resolver: resolver)
            for index in labels.indices {
                if context.replacesWrittenLabel {
                    // `spe|ceis: "Lab"`: the label is replaced, its value stays.
                    labels[index].insertText = labels[index].label
                    labels[index].snippet = labels[index].label
                } else if let separator = context.separatorBeforeNextArgument {
                    // An argument inserted before another brings the comma between them, with every client. A client
                    // without snippets leaves the cursor after the comma, so it gets the value too (the snippet's
                    // default): `author: Mock<Author>(), title: …` compiles as it stands; `author: , title: …` would not.
                    labels[index].placeBeforeNextArgument(separator: separator)
                }
            }
            items = labels
        case .argumentValue(let call, let label, let inList):
            guard case .mock(let object) = resolver.resolve(call.value, at: offset), let field = resolver.field(label, of: object) else {
                return []
            }
            items = context.leadingDot == nil
                ? values(for: field, inList: inList, project: project)
                : implicitMembers(for: field, inList: inList, project: project, placeholders: placeholders)
        case .member(let base):
            guard let value = resolver.resolve(base, at: offset) else { return [] }
            items = members(of: value, resolver: resolver)
        case .registeredOperation:
            items = registeredOperations(project: project)
        case .registrationArgument(let operation, let written):
            items = registrationArguments(operation: operation, written: written, project: project)
        }
        return items.enumerated().map { position, item in
            Completion(
                label: item.label, kind: item.kind, detail: item.detail, documentation: item.documentation,
                insertText: item.insertText, snippet: item.snippet, replaceRange: context.replaceRange,
                isDeprecated: item.isDeprecated, sortText: sortKey(position))
        }
    }

    /// A completion before it is placed.
    struct Item: Sendable {
        var label: String
        var kind: Completion.Kind
        var detail: String?
        var documentation: CompletionDocumentation?
        var insertText: String
        var snippet: String?
        /// The snippet as plain text, each placeholder replaced by its default, when known ahead.
        var filledText: String?
        /// The snippet and the plain text before another argument, by separator, when made ahead
        /// (`separatedAhead`).
        private var separated: [(separator: String, snippet: String, insertText: String)] = []
        var isDeprecated = false

        init(
            _ label: String, _ kind: Completion.Kind, detail: String?, documentation: CompletionDocumentation? = nil, insertText: String? = nil,
            snippet: String? = nil, filledText: String? = nil, isDeprecated: Bool = false
        ) {
            self.label = label
            self.kind = kind
            self.detail = detail
            self.documentation = documentation
            self.insertText = insertText ?? label
            self.snippet = snippet
            self.filledText = filledText
            self.isDeprecated = isDeprecated
        }

        /// What the item inserts before another argument written after the cursor: its snippet and its plain text
        /// followed by `separator` (a comma, and a space unless the next argument starts its line).
        mutating func placeBeforeNextArgument(separator: String) {
            guard let snippet else { return }
            if let known = separated.first(where: { $0.separator == separator }) {
                (self.snippet, insertText) = (known.snippet, known.insertText)
            } else {
                self.snippet = snippet + separator
                insertText = (filledText ?? MockCompletions.plainText(ofSnippet: snippet)) + separator
            }
        }

        /// The same item with its texts before a next argument made now, for both separators: for items remembered
        /// per index revision, so that a request does not build two strings per item.
        func separatedAhead() -> Item {
            guard snippet != nil else { return self }
            var item = self
            item.separated = [",", ", "].map { separator in
                var placed = self
                placed.placeBeforeNextArgument(separator: separator)
                return (separator, placed.snippet ?? "", placed.insertText)
            }
            return item
        }
    }

    /// `position` in four digits or more (`0007`), so that the order sorts as text.
    private static func sortKey(_ position: Int) -> String {
        guard position < 10_000 else { return String(position) }
        // Written in place: four bytes make a small string, which allocates nothing.
        return String(unsafeUninitializedCapacity: 4) { digits in
            var rest = position
            for index in (0..<4).reversed() {
                digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return 4
        }
    }

    // MARK: Arguments

    /// `value`: the value already written after a label being renamed; only the fields that take it are offered.
    private static func labels(
        for call: MockCall, written: ArgumentSlot, value: WrittenArgumentValue?, at offset: Int, resolver: ValueResolver
    ) -> [Item] {
        let project = resolver.project
        func takesValue(_ field: MockField) -> Bool {
            value.map { WrittenValueFit.accepts(field, $0, model: project.mockModel, schema: project.schema) } ?? true
        }
        switch call {
        case .mockInitializer(let value):
            guard case .mock(let object) = resolver.resolve(value, at: offset) else { return [] }
            // The same for every request about this mock until the index changes: built once per revision.
            let labels = project.derived(.mockInitializerLabels, about: object.name) {
                object.fields.map { field in
                    let detail = project.mockModel.format.parametersHaveDefaults && field.isNonNull
                        ? "\(field.initParamType) = \(field.defaultValue)" : "\(field.initParamType) = nil"
                    return LabelItem(field: field, item: argument(
                        field.initLabel, detail: detail, documentation: .mockField(object: object.name, key: field.key),
                        placeholder: placeholder(field, schema: project.schema, format: project.mockModel.format), isDeprecated: field.deprecationReason != nil
                    ).separatedAhead())
                }
            }
            // By position: an element read whole would be copied, field and all.
            var items: [Item] = []
            items.reserveCapacity(labels.count)
            for index in written.openIndices(labels, label: { $0.field.initLabel }) where takesValue(labels[index].field) {
                items.append(labels[index].item)
            }
            return items
        case .placeholder(let value):
            switch resolver.resolve(value, at: offset) {
            case .mock(let object):
                let parameters = Array(zip(object.fields, PlaceholderFactory.parameters(of: object, schema: project.schema)))
                return written.open(parameters, label: \.1.label).filter { takesValue($0.0) }.map { field, parameter in
                    argument(
                        parameter.label, detail: "\(parameter.type) = \(parameter.defaultValue)",
                        documentation: .mockField(object: object.name, key: field.key), placeholder: parameter.defaultValue,
                        isDeprecated: field.deprecationReason != nil)
                }
            case .selectionSet(let selectionSet):
                return written.open(PlaceholderFactory.parameters(of: selectionSet, schema: project.schema), label: \.label).map {
                    parameter in
                    let field = resolver.field(parameter.label, of: selectionSet)
                    return argument(
                        parameter.label, detail: "\(parameter.type) = \(parameter.defaultValue)",
                        documentation: field.map { .selectionSetField(path: selectionSet.path, key: $0.key) },
                        placeholder: parameter.defaultValue, isDeprecated: field?.deprecationReason != nil)
                }
            default:
                return []
            }
        case .from(let path):
            // The mock comes first: `from(|)`, `from(|, withVariables: …)`.
            guard written.before.isEmpty, written.after.allSatisfy({ $0 == "withVariables" }), let selectionSet = resolver.selectionSet(path)
            else { return [] }
            return fromArguments(selectionSet, at: offset, resolver: resolver)
        }
    }

    /// A mock field and its label's item.
    private struct LabelItem: Sendable {
        var field: MockField
        var item: Item
    }

    static func argument(
        _ label: String, detail: String, documentation: CompletionDocumentation?, placeholder: String, isDeprecated: Bool
    ) -> Item {
        Item(
            label, .argument, detail: detail, documentation: documentation, insertText: "\(label): ",
            snippet: "\(label): ${1:\(escapeSnippet(placeholder))}", filledText: "\(label): \(placeholder)", isDeprecated: isDeprecated)
    }

    /// `X.from(|`: the mock variables in scope that can fill the selection set, then a new mock of each of its
    /// parent type's possible types (apollo-ios#3451: Xcode offers every mock there).
    private static func fromArguments(_ selectionSet: GeneratedSelectionSet, at offset: Int, resolver: ValueResolver) -> [Item] {
        let project = resolver.project
        let possible = project.schema.possibleTypes(of: selectionSet.parentType)
        var seen: Set<String> = []
        var items: [Item] = []
        for variable in resolver.file.variables(visibleAt: offset) where seen.insert(variable.name).inserted {
            guard case .mock(let object) = resolver.resolve(variable.value, at: variable.nameRange.lowerBound),
                possible.contains(object.name)
            else { continue }
            items.append(Item(variable.name, .variable, detail: "Mock<\(object.swiftName)>"))
        }
        for name in possible {
            guard let object = project.mockModel.object(name) else { continue }
            let mock = "Mock<\(object.swiftName)>"
            items.append(Item(
                mock + "()", .value, detail: selectionSet.parentType, documentation: object.description.map { .markdown($0.value) },
                insertText: mock + "()", snippet: mock + "($1)$0"))
        }
        return items
    }

    // MARK: Values

    /// Values for `label: |`: mocks of the possible object types, enum cases, the list form.
    static func values(for field: MockField, inList: Bool, project: ProjectIndex) -> [Item] {
        let schema = project.schema
        let named = field.graphqlType.namedType.value
        guard let type = schema[named] else { return [] }
        let wrap = (field.setter == .list || field.setter == .scalarList) && !inList
        func item(_ text: String, snippet: String) -> Item {
            Item(
                wrap ? "[\(text)]" : text, .value, detail: field.graphqlType.description,
                snippet: wrap ? "[\(snippet)]" : snippet)
        }
        switch type.kind {
        case .object, .interface, .union:
            return schema.possibleTypes(of: named).sorted().compactMap { project.mockModel.object($0) }.map { object in
                let mock = "Mock<\(object.swiftName)>("
                return item(mock + ")", snippet: "\(mock)$1)$0")
            }
        case .enumeration:
            return type.enumValues.map { value in
                let text = ".case(.\(SwiftNames.enumCase(value.name, capitalizer: project.mockModel.format.capitalizer)))"
                return item(text, snippet: text)
            }
        default:
            return []
        }
    }

    /// Values for `label: .|`: what an implicit member of the parameter's type can be. Enum cases (`.case(.jpy)`),
    /// `.init()` for a mock of an object type, and `.placeholder()` where the factories exist and the parameter is
    /// not optional (on an optional it would find `Optional`'s own, which is `nil`).
    static func implicitMembers(for field: MockField, inList: Bool, project: ProjectIndex, placeholders: Bool) -> [Item] {
        guard field.setter == .entity || field.setter == .scalar || inList, let type = project.schema[field.graphqlType.namedType.value]
        else { return [] }
        let optional = inList ? elementIsNullable(field.graphqlType) : !(project.mockModel.format.parametersHaveDefaults && field.isNonNull)
        var items: [Item] = []
        switch type.kind {
        case .enumeration:
            items = type.enumValues.map { value in
                let text = ".case(.\(SwiftNames.enumCase(value.name, capitalizer: project.mockModel.format.capitalizer)))"
                return Item(text, .value, detail: field.graphqlType.description, snippet: text, isDeprecated: value.deprecationReason != nil)
            }
        case .object:
            items = [Item(".init()", .value, detail: "Mock<\(SwiftNames.typeName(type))>", insertText: ".init()", snippet: ".init($1)$0")]
        default:
            break
        }
        if placeholders, !optional, type.kind != .inputObject {
            items.append(Item(".placeholder()", .value, detail: "every non-null field set", insertText: ".placeholder()"))
        }
        return items
    }

    /// The elements of a list type may be null.
    private static func elementIsNullable(_ type: TypeReference) -> Bool {
        guard case .list(let element) = type.nullable else { return true }
        return !element.isNonNull
    }

    // MARK: Members

    private static func members(of value: ResolvedValue, resolver: ValueResolver) -> [Item] {
        switch value {
        case .mock(let object):
            return object.fields.map { field in
                Item(
                    field.property, .member, detail: field.readType, documentation: .mockField(object: object.name, key: field.key),
                    isDeprecated: field.deprecationReason != nil)
            } + [Item("__typename", .member, detail: "String", documentation: .markdown("The mock's object type: `\(object.name)`."))]
        case .selectionSet(let selectionSet):
            var items = selectionSet.fields.map { field in
                Item(
                    field.property, .member, detail: field.type,
                    documentation: .selectionSetField(path: selectionSet.path, key: field.key),
                    isDeprecated: field.deprecationReason != nil)
            }
            items += selectionSet.inlineFragments.map { Item($0.accessor, .member, detail: $0.type + "?") }
            if !selectionSet.fragmentAccessors.isEmpty { items.append(Item("fragments", .member, detail: "Fragments")) }
            items.append(Item("__typename", .member, detail: "String"))
            return items
        case .fragments(let selectionSet):
            return selectionSet.fragmentAccessors.map {
                Item($0.accessor, .member, detail: $0.isOptional ? $0.type + "?" : $0.type)
            }
        case .abstractMock, .list, .wrapper, .other:
            // `(any AnyMock)` has no dynamic members: the test casts it to a `Mock<T>` first.
            return []
        }
    }
}
