import GraphQLIndex
import SwiftAnalysis

/// Factories for plain Swift structs (the FactoryProvider case): a test that builds `User(…)` keeps compiling when
/// `User` gains a stored property, through `User.placeholder(…)` or arguments filled with `.placeholder()`.
public enum StructFactories {
    /// The actions at `range`: on a struct of this file, write its `placeholder(…)`; on a call of a known struct that
    /// misses arguments, add them. `structs` are the workspace's, this file's first.
    public static func actions(at range: Range<Int>, in file: SwiftFile, structs: [StructShape]) -> [MockCodeAction] {
        var actions: [MockCodeAction] = []
        let own = file.structShapes()
        if let shape = own.filter({ $0.range.contains(range.lowerBound) }).min(by: { $0.range.count < $1.range.count }),
            !own.contains(where: { $0.qualifiedName == shape.qualifiedName && $0.range != shape.range }),
            // A struct of no stored instance properties (`struct Constants { static let title = … }`) is a namespace:
            // there is nothing for a placeholder to fill.
            !shape.parameters.isEmpty,
            !Self.declaresPlaceholder(shape, in: file)
        {
            actions.append(MockCodeAction(
                title: "Generate `\(shape.qualifiedName).placeholder(…)`", kind: .refactor, isPreferred: false, diagnostics: [],
                edits: [Diagnostic.Fix(title: "", range: shape.fileLevelEnd..<shape.fileLevelEnd, text: "\n\n" + factory(shape), isPreferred: false)]))
        }
        if let call = file.structCall(at: range.lowerBound),
            let shape = (own + structs).first(where: { $0.name == call.name || $0.qualifiedName == call.name }),
            let edits = missingArguments(call, shape), !edits.isEmpty
        {
            actions.append(MockCodeAction(
                title: "Add missing arguments with `.placeholder()`", kind: .quickFix, isPreferred: false, diagnostics: [], edits: edits))
        }
        return actions
    }

    /// `extension User { static func placeholder(name: String = .placeholder(), …) -> User { User(name: name, …) } }`
    public static func factory(_ shape: StructShape) -> String {
        let name = shape.qualifiedName
        guard !shape.parameters.isEmpty else {
            return "extension \(name) {\n    static func placeholder() -> \(name) { \(name)() }\n}"
        }
        let parameters = shape.parameters.map { "        \($0.label): \($0.type) = .placeholder()" }.joined(separator: ",\n")
        let arguments = shape.parameters.map { "\($0.label): \($0.label)" }.joined(separator: ", ")
        return """
            extension \(name) {
                static func placeholder(
            \(parameters)
                ) -> \(name) {
                    \(name)(\(arguments))
                }
            }
            """
    }

    /// The required parameters the call leaves out, each inserted where the memberwise order puts it; nil when the
    /// call does not fit the struct (an unknown or unlabelled argument), or the struct has no memberwise initializer
    /// to fit (two properties of one name: make fuzz found the trap that was).
    static func missingArguments(_ call: StructCall, _ shape: StructShape) -> [Diagnostic.Fix]? {
        let order = Dictionary(shape.parameters.enumerated().map { ($1.label, $0) }, uniquingKeysWith: { first, _ in first })
        guard order.count == shape.parameters.count, call.labels.allSatisfy({ order[$0] != nil }) else { return nil }
        let given = Set(call.labels)
        var insertions: [Int: [String]] = [:]
        var appended: [String] = []
        for (index, parameter) in shape.parameters.enumerated() where !given.contains(parameter.label) && parameter.defaultValue == nil {
            let argument = "\(parameter.label): .placeholder()"
            if let next = call.labels.firstIndex(where: { order[$0]! > index }) {
                insertions[call.argumentRanges[next].lowerBound, default: []].append(argument)
            } else {
                appended.append(argument)
            }
        }
        var edits = insertions.map { offset, arguments in
            Diagnostic.Fix(title: "", range: offset..<offset, text: arguments.joined(separator: ", ") + ", ", isPreferred: false)
        }
        if !appended.isEmpty {
            let at = call.argumentRanges.last?.upperBound ?? call.argumentsRange.lowerBound
            let lead = call.argumentRanges.isEmpty ? "" : ", "
            edits.append(Diagnostic.Fix(title: "", range: at..<at, text: lead + appended.joined(separator: ", "), isPreferred: false))
        }
        return edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func declaresPlaceholder(_ shape: StructShape, in file: SwiftFile) -> Bool {
        let text = String(decoding: file.lines.bytes, as: UTF8.self)
        return text.contains("extension \(shape.qualifiedName) {\n    static func placeholder(")
    }
}
