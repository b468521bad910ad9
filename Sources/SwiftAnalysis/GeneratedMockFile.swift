import SwiftParser
import SwiftSyntax

/// A mock class as Apollo generated it into a `<Type>+Mock.graphql.swift` file: the truth about what a project's
/// mocks contain, whatever version of Apollo wrote them.
public struct GeneratedMock: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// The response key (`@Field<…>("key")`).
        public var key: String
        public var property: String
        /// The `@Field<…>` type.
        public var type: String
    }

    public struct Parameter: Sendable, Equatable {
        public var label: String
        public var type: String
        public var defaultValue: String?
    }

    public var className: String
    /// Byte range of the class name, for diagnostics.
    public var nameRange: Range<Int>
    public var fields: [Field]
    /// The convenience initializer's parameters (absent for a mock without fields).
    public var initializer: [Parameter]
    /// Written by Apollo iOS 2: a `final class`, or `MockFields: Sendable`.
    public var isApolloTwo = false

    public func parameter(_ label: String) -> Parameter? { initializer.first { $0.label == label } }
}

public enum GeneratedMockFile {
    /// Every `class X: MockObject` in the source, with its `MockFields` and `extension Mock where O == X` initializer.
    public static func mocks(in source: String) -> [GeneratedMock] {
        // A generated file is still a file on disk that anyone can edit: it is parsed behind the same guards.
        let bytes = Array(source.utf8)
        let text = SwiftFile.guardedText(bytes, scan: LookaheadGuard.scan(bytes)) ?? bytes
        let tree = text.withUnsafeBufferPointer {
            Parser.parse(source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel)
        }
        let collector = MockCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.classes.map { found in
            GeneratedMock(
                className: found.name, nameRange: found.range, fields: found.fields, initializer: collector.initializers[found.name] ?? [],
                isApolloTwo: found.isApolloTwo)
        }
    }
}

private final class MockCollector: SyntaxVisitor {
    var classes: [(name: String, range: Range<Int>, fields: [GeneratedMock.Field], isApolloTwo: Bool)] = []
    var initializers: [String: [GeneratedMock.Parameter]] = [:]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherits = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "MockObject" } ?? false
        guard inherits else { return .skipChildren }
        var fields: [GeneratedMock.Field] = []
        var isApolloTwo = node.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        for member in node.memberBlock.members {
            guard let structure = member.decl.as(StructDeclSyntax.self), structure.name.text == "MockFields" else { continue }
            if structure.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "Sendable" }) == true {
                isApolloTwo = true
            }
            for fieldMember in structure.memberBlock.members {
                guard let variable = fieldMember.decl.as(VariableDeclSyntax.self) else { continue }
                for attribute in variable.attributes {
                    guard let attribute = attribute.as(AttributeSyntax.self),
                        let generic = attribute.attributeName.as(IdentifierTypeSyntax.self), generic.name.text == "Field",
                        let type = generic.genericArgumentClause?.arguments.first?.argument.trimmedDescription,
                        let key = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
                            .as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                        let binding = variable.bindings.first
                    else { continue }
                    fields.append(.init(key: key, property: binding.pattern.trimmedDescription, type: type))
                }
            }
        }
        let start = node.name.positionAfterSkippingLeadingTrivia.utf8Offset
        classes.append((node.name.text, start..<(start + node.name.text.utf8.count), fields, isApolloTwo))
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.extendedType.trimmedDescription == "Mock",
            let requirement = node.genericWhereClause?.requirements.first?.requirement.as(SameTypeRequirementSyntax.self),
            requirement.leftType.trimmedDescription == "O"
        else { return .skipChildren }
        let mockedClass = requirement.rightType.trimmedDescription
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { continue }
            initializers[mockedClass] = initializer.signature.parameterClause.parameters.map { parameter in
                GeneratedMock.Parameter(
                    label: parameter.firstName.text, type: parameter.type.trimmedDescription,
                    defaultValue: parameter.defaultValue?.value.trimmedDescription)
            }
        }
        return .skipChildren
    }
}
