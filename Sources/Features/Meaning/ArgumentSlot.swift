/// Where the cursor stands among the arguments already written to a call whose parameters mockls knows.
///
/// Apollo's mock initializers, `placeholder(…)` factories and memberwise initializers default every parameter, and
/// Swift lets a call leave out defaulted arguments but never reorder them: at the cursor only a parameter that comes
/// after the last argument written before it, and before the first argument written after it, compiles.
struct ArgumentSlot {
    /// Labels written before the cursor and after it, in the order they stand.
    var before: [String]
    var after: [String]

    var isEmpty: Bool { before.isEmpty && after.isEmpty }

    /// The parameters, in their order, that an argument at the cursor may name. A label that names no parameter (a
    /// misspelling, being fixed) does not narrow the slot.
    func open<Parameter>(_ parameters: [Parameter], label: (Parameter) -> String) -> [Parameter] {
        Array(parameters[openIndices(parameters, label: label)])
    }

    /// The same as the positions of `parameters` (a reply that reads a few members of each element copies none).
    func openIndices<Parameter>(_ parameters: [Parameter], label: (Parameter) -> String) -> Range<Int> {
        let lower = parameters.lastIndex { before.contains(label($0)) }.map { $0 + 1 } ?? 0
        let upper = parameters.firstIndex { after.contains(label($0)) } ?? parameters.count
        return lower < upper ? lower..<upper : lower..<lower
    }
}
