/// The Swift types Apollo iOS generates for a project's operations and fragments, and the fragments its documents
/// spread: what tells whether the app's code uses an operation or a fragment.
public struct GeneratedDefinitionType: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case operation, fragment }

    public var kind: Kind
    /// The document that defines it.
    public var document: String
    /// Its name in the document (`Dog` of `query Dog`), with the bytes it takes there.
    public var name: Name
    /// The type Apollo generates for it (`DogQuery`, `PetDetails`), as code names it.
    public var typeName: String
}

extension ProjectIndex {
    /// Every operation and fragment Apollo generates a type for, in document order (an operation without a name, and
    /// a fragment name's second definition, have none).
    public var generatedDefinitionTypes: [GeneratedDefinitionType] {
        derived(.generatedDefinitionTypes) { findGeneratedDefinitionTypes() }
    }

    /// The names of the fragments that some operation or fragment of the project spreads (once per revision: every
    /// publication of the workspace's diagnostics asks).
    public var spreadFragmentNames: Set<String> {
        derived(.spreadFragmentNames) { findSpreadFragmentNames() }
    }

    /// The Swift property Apollo iOS generates on a model for a field of response key `key` (backticked when escaped).
    public func modelProperty(ofResponseKey key: String) -> String {
        SelectionSetRenderer.propertyName(key, capitalizer: format.capitalizer)
    }

    private func findGeneratedDefinitionTypes() -> [GeneratedDefinitionType] {
        selectionSetSources.definitions.compactMap { definition in
            switch definition.definition {
            case .operation(let operation):
                guard let name = operation.name else { return nil }
                return GeneratedDefinitionType(kind: .operation, document: definition.document, name: name, typeName: definition.root)
            case .fragment(let fragment):
                return GeneratedDefinitionType(kind: .fragment, document: definition.document, name: fragment.name, typeName: definition.root)
            default:
                return nil
            }
        }
    }

    private func findSpreadFragmentNames() -> Set<String> {
        var found: Set<String> = []
        var pending: [SelectionSet] = []
        for document in documents.values where document.role == .executable {
            for definition in document.effective.definitions {
                switch definition {
                case .operation(let operation): pending.append(operation.selectionSet)
                case .fragment(let fragment): pending.append(fragment.selectionSet)
                default: break
                }
            }
        }
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread): found.insert(spread.name.value)
                }
            }
        }
        return found
    }
}

extension DerivedKind {
    static let generatedDefinitionTypes = DerivedKind("generated definition types")
    static let spreadFragmentNames = DerivedKind("spread fragment names")
}
