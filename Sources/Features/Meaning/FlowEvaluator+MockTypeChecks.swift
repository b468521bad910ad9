import GraphQLIndex
import SwiftAnalysis

/// Whether a mock's type is one Apollo generates a mock for, and one that fits the field or selection set it is
/// given to (`mock-type-mismatch`, `unknown-mock-type`, `abstract-mock-type`), with the fixes that rename or wrap it.
extension FlowEvaluator {
    /// `mock-type-mismatch` for a mock given to a field of another type.
    mutating func checkFits(_ value: Value, field: MockField, at range: Range<Int>) {
        // Only a mock, or a list that may hold one, can be of the wrong type (every argument of every mock comes here).
        switch value {
        case .mock, .list: break
        default: return
        }
        let named = field.graphqlType.namedType.value
        let possible = schema.possibleTypes(of: named)
        func check(_ value: Value) {
            switch value {
            case .mock(let instance) where !possible.isEmpty && !possible.contains(instance.object.name):
                let kind = schema[named]?.kind == .object ? "a `\(named)`" : "one of `\(named)`'s possible types (\(possible.joined(separator: ", ")))"
                report(.warning, .mockTypeMismatch,
                    "`\(field.property)` takes \(kind), not a `Mock<\(instance.object.swiftName)>`: reading it from a model fails at run time",
                    at: range,
                    fixes: instance.madeBy != nil ? []
                        : instance.construction?.typeRange.map {
                            fixes.typeReplacements($0, with: types(among: possible, fitting: instance), preferFirst: true)
                        } ?? [])
            case .list(let values):
                for value in values { check(value) }
            default:
                break
            }
        }
        check(value)
    }

    /// `mock-type-mismatch` for `X.from(m)` where m is not a mock of a possible type of X's parent type. `from(_:)`
    /// leaves out what the mock lacks, so the model's fields the mock's type does not have are nil, or crash when read.
    /// The fixes: wrap the mock in one of the parent type when a field of it holds the mock's type
    /// (`Mock<Query>(characters: m)`), or use another mock type when everything the mock sets compiles there.
    mutating func reportMismatch(
        of instance: MockInstance, written: Range<Int>, in selectionSet: GeneratedSelectionSet, possible: [String]
    ) {
        let needed = possible.count == 1
            ? "a `Mock<\(resolver.object(named: possible[0])?.swiftName ?? possible[0])>`"
            : "a mock of one of `\(selectionSet.parentType)`'s possible types (\(possible.joined(separator: ", ")))"
        let missing = selectionSet.fields.filter { field in
            field.key != "__typename" && !instance.object.fields.contains { $0.key == field.key }
        }
        let crashing = missing.filter { $0.graphqlType.isNonNull && !$0.isConditional }
        var consequence = "the fields it selects on the mock's type only are there"
        if let operation = registeredOperation {
            // A test transport's registration: the mock is the response, which Apollo's parser reads.
            if let first = crashing.first {
                consequence = "the response lacks `\(first.key)`: Apollo rejects it (missingValue) and the fetch of `\(operation)` fails"
            } else if !missing.isEmpty {
                let names = missing.prefix(3).map { "`\($0.key)`" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
                consequence = "the response's \(names) \(missing.count == 1 ? "goes" : "go") out as null"
            }
        } else if let first = crashing.first {
            consequence = "the mock has no `\(first.key)`, so reading the model's `\(first.property)` crashes"
        } else if !missing.isEmpty {
            let names = missing.prefix(3).map { "`\($0.property)`" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            consequence = "the model's \(names) \(missing.count == 1 ? "is" : "are") nil, so the test checks nothing it reads there"
        }
        var fixes: [Diagnostic.Fix] = []
        if instance.madeBy == nil {
            // The mock's type is what a field of the parent type holds: the mock belongs one level down.
            // A field the selection set reads, else any of the parent's.
            let schema = schema
            let holds = { (type: TypeReference) in schema.possibleTypes(of: type.namedType.value).contains(instance.object.name) }
            if possible.count == 1, let parent = resolver.object(named: possible[0]),
                let holder = selectionSet.fields.filter({ holds($0.graphqlType) }).compactMap({ parent.field($0.key) }).first
                    ?? parent.fields.first(where: { holds($0.graphqlType) })
            {
                fixes.append(self.fixes.wrap(written, in: parent, field: holder))
            }
            if let typeRange = instance.construction?.typeRange {
                fixes += self.fixes.typeReplacements(typeRange, with: types(among: possible, fitting: instance), preferFirst: fixes.isEmpty)
            }
        }
        let needs = registeredOperation.map { "the response to `\($0)`" } ?? "`\(selectionSet.path).from(_:)`"
        report(.warning, .mockTypeMismatch,
            "\(needs) needs \(needed), not a `Mock<\(instance.object.swiftName)>`: \(consequence)",
            at: written, fixes: fixes)
    }

    /// The types among `names` whose mock has every field `instance`'s code names: renaming its `Mock<T>` to one
    /// of them compiles.
    private func types(among names: [String], fitting instance: MockInstance) -> [String] {
        names.filter { name in resolver.object(named: name).map { instance.fitsAsMock(of: $0) } ?? false }
    }

    /// `unknown-mock-type` or `abstract-mock-type` for a `Mock<T>` with no mock class.
    mutating func checkMockType(_ type: WrittenTypeName, at range: Range<Int>) {
        guard !ownMockObjects.contains(type.name) else { return }
        if !project.format.generatesMocks {
            report(.warning, .unknownMockType,
                "the configuration generates no test mocks (`output.testMocks` is `none`): Apollo writes `Mock<\(type.name)>` "
                    + "when it is `swiftPackage` or `absolute`", at: range)
            return
        }
        guard resolver.object(swiftName: type.name) == nil else { return }
        if let named = schema[type.name], named.isAbstract {
            let mocks = schema.possibleTypes(of: named.name).compactMap { resolver.object(named: $0) }.map { "`Mock<\($0.swiftName)>`" }
            let kind = named.kind == .union ? "a union" : "an interface"
            report(.error, .abstractMockType,
                "`\(type.name)` is \(kind): Apollo generates mocks only for object types; use one of its possible types"
                    + (mocks.isEmpty ? "" : ": " + mocks.joined(separator: ", ")),
                at: range, fixes: fixes.typeReplacements(range, with: schema.possibleTypes(of: named.name)))
        } else if let named = schema[type.name], named.kind == .object {
            report(.error, .unknownMockType,
                "no operation or fragment selects `\(type.name)`, so Apollo generates no `Mock<\(type.name)>`", at: range)
        } else {
            var message = "`\(type.name)` has no mock in \(project.namespace)TestMocks"
            let closest = closestName(to: type.name, among: model.objects.map(\.swiftName))
            if let closest { message += "; did you mean `\(closest)`?" }
            let mock = closest.flatMap { name in model.objects.first { $0.swiftName == name } }
            report(.error, .unknownMockType, message, at: range, fixes: fixes.typeReplacements(range, with: mock.map { [$0.name] } ?? [], preferFirst: true))
        }
    }
}
