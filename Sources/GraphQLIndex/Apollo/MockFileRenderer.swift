/// Renders the mock files Apollo iOS generates (`MockObjectTemplate.swift`, `MockInterfacesTemplate.swift`,
/// `MockUnionsTemplate.swift`), byte for byte: 1.25's, and 2.x's (`nonisolated` from 2.1, `final`, `MockFields:
/// Sendable`; docs/apollo-2.md), public unless `testMocks.absolute.accessModifier` is `internal`.
public enum MockFileRenderer {
    public struct File: Sendable, Equatable {
        public var name: String
        public var contents: String
    }

    public static func files(for model: MockModel) -> [File] {
        var files = model.objects.map { File(name: "\($0.name)+Mock.graphql.swift", contents: render($0, model: model)) }
        if !model.interfaces.isEmpty {
            files.append(File(name: "MockObject+Interfaces.graphql.swift", contents: typealiases(model.interfaces, kind: "Interface", model: model)))
        }
        if !model.unions.isEmpty {
            files.append(File(name: "MockObject+Unions.graphql.swift", contents: typealiases(model.unions, kind: "Union", model: model)))
        }
        return files
    }

    /// The first line of every file Apollo's codegen writes, and so of the mock files rendered here.
    public static let mark = "// @generated"

    private static func header(_ model: MockModel) -> String {
        """
        \(mark)
        // This file was automatically generated and should not be edited.

        import ApolloTestSupport
        \(model.format.importsSchemaTestable ? "@testable " : "")import \(model.schemaModule)


        """
    }

    static func render(_ object: MockObject, model: MockModel) -> String {
        let name = object.swiftName
        let format = model.format
        let access = format.isPublic ? "public " : ""
        var out = header(model)
        if format.release == .two {
            out += "\(format.nonisolatedClasses ? "nonisolated " : "")\(access)final class \(name): MockObject {\n"
        } else {
            out += "\(access)class \(name): MockObject {\n"
        }
        out += "  \(access)static let objectType: ApolloAPI.Object = \(model.namespace).Objects.\(name)\n"
        out += "  \(access)static let _mockFields = MockFields()\n"
        out += "  \(access)typealias MockValueCollectionType = Array<Mock<\(name)>>\n\n"
        out += "  \(access)struct MockFields\(format.release == .two ? ": Sendable" : "") {\n"
        for field in object.fields {
            if let reason = field.deprecationReason { out += "    @available(*, deprecated, message: \"\(reason)\")\n" }
            out += "    @Field<\(field.fieldType)>(\"\(field.key)\") public var \(field.property)\n"
        }
        out += "  }\n}\n"
        guard !object.fields.isEmpty else { return out }
        out += "\n\(access)extension Mock where O == \(name) {\n"
        let conflicts = object.fields.filter { SwiftNames.testMockConflictingFieldNames.contains($0.key) }
        if !conflicts.isEmpty {
            for field in conflicts {
                out += "  var \(field.property): \(field.initParamType)? {\n"
                out += "    get { _data[\"\(field.property)\"] as? \(field.initParamType) }\n"
                out += "    set { \(field.setter.rawValue)(newValue, for: \\.\(field.property)) }\n  }\n"
            }
            out += "\n"
        }
        out += "  convenience init(\n"
        out += object.fields.map { field in
            let internalName = field.initInternalName.map { " \($0)" } ?? ""
            return "    \(field.property)\(internalName): \(field.initParamType) = \(field.defaultValue)"
        }.joined(separator: ",\n")
        out += "\n  ) {\n    self.init()\n"
        for field in object.fields {
            out += "    \(field.setter.rawValue)(\(field.initInternalName ?? field.property), for: \\.\(field.property))\n"
        }
        out += "  }\n}\n"
        return out
    }

    private static func typealiases(_ types: [AbstractMockType], kind: String, model: MockModel) -> String {
        var out = header(model) + "\(model.format.isPublic ? "public " : "")extension MockObject {\n"
        for type in types { out += "  typealias \(type.swiftName) = \(kind)\n" }
        return out + "}\n"
    }
}
