import GraphQLIndex
import SwiftAnalysis

/// A call's signature as `textDocument/signatureHelp` shows it: `Mock<Dog>(birthdate: CustomDate? = nil, …)` with
/// the parameter the cursor is at.
public struct Signature: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        /// As it stands in `label`: `species: String = ""`.
        public var label: String
        /// Markdown: the GraphQL description, type and deprecation of the field it sets.
        public var documentation: String?
    }

    public var label: String
    public var documentation: String?
    public var parameters: [Parameter]
    /// Nil when the cursor is at an argument the signature has no parameter for (a misspelled label).
    public var activeParameter: Int?
}

/// Signature help for the calls mockls knows the parameters of, from the GraphQL documents: `Mock<T>(`,
/// `Mock<T>.placeholder(`, a selection set's `placeholder(` and initializer, and `X.from(`. Parameters in Apollo's
/// order, with types and defaults; the active one from the label of the argument at the cursor, or, between
/// arguments, the first that may follow the labels before it.
public enum SignatureHelp {
    public static func signature(at offset: Int, in file: SwiftFile, project: ProjectIndex) -> Signature? {
        guard let call = file.enclosingCall(at: offset) else { return nil }
        let resolver = ValueResolver(file: file, project: project)
        let model = project.mockModel
        let labelled: (name: String, documentation: String?, parameters: [(label: String?, text: String, documentation: String?)])
        switch call.call {
        case .mock(.mockInitializer(let value)):
            guard case .mock(let object) = resolver.resolve(value, at: offset) else { return nil }
            labelled = ("Mock<\(object.swiftName)>", object.description?.value, object.fields.map { field in
                let defaultValue = model.format.parametersHaveDefaults && field.isNonNull ? field.defaultValue : "nil"
                let name = field.initInternalName.map { "\(field.initLabel) \($0)" } ?? field.initLabel
                return (field.initLabel, "\(name): \(field.initParamType) = \(defaultValue)",
                        MockCompletions.documentation(field, of: object.name, project: project))
            })
        case .mock(.placeholder(let value)):
            switch resolver.resolve(value, at: offset) {
            case .mock(let object):
                let parameters = PlaceholderFactory.parameters(of: object, schema: project.schema)
                labelled = ("Mock<\(object.swiftName)>.placeholder", object.description?.value, zip(object.fields, parameters).map { field, parameter in
                    (parameter.label, "\(parameter.label): \(parameter.type) = \(parameter.defaultValue)",
                     MockCompletions.documentation(field, of: object.name, project: project))
                })
            case .selectionSet(let selectionSet):
                labelled = ("\(selectionSet.path).placeholder", nil, PlaceholderFactory.parameters(of: selectionSet, schema: project.schema).map {
                    parameter in
                    let field = resolver.field(parameter.label, of: selectionSet)
                    return (parameter.label, "\(parameter.label): \(parameter.type) = \(parameter.defaultValue)",
                            field.map { MockCompletions.documentation($0, in: selectionSet, project: project) })
                })
            default:
                return nil
            }
        case .selectionSetInitializer(let path):
            guard let selectionSet = resolver.selectionSet(path), !selectionSet.initializer.isEmpty else { return nil }
            labelled = (selectionSet.path, nil, selectionSet.initializer.map { parameter in
                let field = resolver.field(parameter.label, of: selectionSet)
                return (parameter.label, "\(parameter.label): \(parameter.type)\(parameter.defaultValue.map { " = \($0)" } ?? "")",
                        field.map { MockCompletions.documentation($0, in: selectionSet, project: project) })
            })
        case .mock(.from(let path)):
            guard let selectionSet = resolver.selectionSet(path), selectionSet.isRoot else { return nil }
            let possible = project.schema.possibleTypes(of: selectionSet.parentType).compactMap { model.object($0)?.swiftName }
            let mocks = possible.count == 1 ? "A `Mock<\(possible[0])>`." : "A mock of one of `\(selectionSet.parentType)`'s possible types: "
                + possible.map { "`Mock<\($0)>`" }.joined(separator: ", ") + "."
            let asynchronous = model.format.fromIsAsync
            return signature(
                name: "\(selectionSet.path).from",
                documentation: "The model `\(selectionSet.path)` of the data a mock holds"
                    + (asynchronous ? " (Apollo iOS 2: `async`, so `await` it)." : "."),
                parameters: [
                    (nil, "_ mock: Mock<O>", mocks),
                    ("withVariables", "withVariables variables: GraphQLOperation.Variables? = nil",
                     "The operation's variables, for fields with `@include` or `@skip` conditions."),
                ],
                suffix: (asynchronous ? " async" : "") + " -> \(selectionSet.name)", call: call)
        }
        return signature(name: labelled.name, documentation: labelled.documentation, parameters: labelled.parameters, suffix: "", call: call)
    }

    private static func signature(
        name: String, documentation: String?, parameters: [(label: String?, text: String, documentation: String?)], suffix: String,
        call: EnclosingCall
    ) -> Signature {
        let label = "\(name)(\(parameters.map(\.text).joined(separator: ", ")))\(suffix)"
        return Signature(
            label: label, documentation: documentation,
            parameters: parameters.map { Signature.Parameter(label: $0.text, documentation: $0.documentation) },
            activeParameter: active(in: call, labels: parameters.map(\.label)))
    }

    /// The parameter of the argument at the cursor: by its label; otherwise the next parameter after those the
    /// arguments before it took (Swift keeps the parameters' order), an unlabelled argument taking the next
    /// unlabelled parameter (`from(dog, |`).
    private static func active(in call: EnclosingCall, labels: [String?]) -> Int? {
        let argument = call.arguments[call.active]
        if let label = argument.label { return labels.firstIndex(of: label) }
        var next = 0
        for before in call.arguments[..<call.active] {
            if let label = before.label {
                guard let index = labels.firstIndex(of: label) else { continue }
                next = index + 1
            } else if let index = labels[next...].firstIndex(where: { $0 == nil }) {
                next = index + 1
            }
        }
        return labels.indices.contains(next) ? next : nil
    }
}
