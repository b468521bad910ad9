import GraphQLIndex
import SwiftAnalysis

/// Completion in a test transport's registration (`transport.register(…)`, `enqueue(…)`): the project's operations
/// first, then what the response is. The mock's type is the operation's root type (`Mock<Query>` for a query).
extension MockCompletions {
    /// `transport.register(|`: each operation's type, as `HotelDetailQuery.self`.
    static func registeredOperations(project: ProjectIndex) -> [Item] {
        project.generatedDefinitionTypes.filter { $0.kind == .operation }.compactMap { type in
            guard let (operation, root) = operation(named: type.typeName, project: project) else { return nil }
            return Item(
                type.typeName, .mockType, detail: "\(operation.kind.rawValue) \(type.name.value): a Mock<\(root)> answers it",
                insertText: type.typeName + ".self")
        }
    }

    /// `transport.register(HotelDetailQuery.self, |`: `data:` (a mock of the root type), `variables:`, `json:`,
    /// `error:`, but those written already; `variables:` only before what the response is, where it goes.
    static func registrationArguments(operation path: [String], written: [String], project: ProjectIndex) -> [Item] {
        guard let name = path.last, let (_, root) = operation(named: name, project: project) else { return [] }
        let response = ["data", "json", "error"]
        if written.contains(where: response.contains) { return [] }
        var items: [Item] = []
        if !written.contains("variables") {
            items.append(Item("variables:", .argument, detail: "the operation's variables this response answers", insertText: "variables: [:]", snippet: "variables: [${1}]"))
        }
        items.append(Item("data:", .argument, detail: "Mock<\(root)>: the response's data", insertText: "data: Mock<\(root)>()", snippet: "data: Mock<\(root)>(${1})"))
        items.append(Item("json:", .argument, detail: "URL: a JSON response fixture", insertText: "json: ", snippet: "json: ${1:url}"))
        items.append(Item("error:", .argument, detail: "any Error: the fetch fails with it", insertText: "error: ", snippet: "error: ${1:error}"))
        return items
    }

    /// The operation whose generated type is `typeName`, and its root type's mock.
    private static func operation(named typeName: String, project: ProjectIndex) -> (OperationDefinition, String)? {
        guard let type = project.generatedDefinitionTypes.first(where: { $0.kind == .operation && $0.typeName == typeName }),
            let document = project.documents[type.document],
            let operation = document.effective.operations.first(where: { $0.name?.value == type.name.value }),
            let root = project.schema.rootType(operation.kind), let mock = project.mockModel.object(root.name)
        else { return nil }
        return (operation, mock.swiftName)
    }
}
