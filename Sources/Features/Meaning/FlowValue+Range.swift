import SwiftAnalysis

/// Where a flow value is written: what the evaluator's diagnostics about it point at.
extension FlowValue {
    /// The bytes that name the value, where it has some.
    var range: Range<Int>? {
        switch self {
        case .construction(let construction): construction.range
        case .from(_, _, let range, _), .response(_, _, let range, _), .decoded(_, let range), .variable(_, let range), .member(_, _, let range), .element(_, _, let range): range
        case .helper(let use): use.range
        case .list, .closureCall, .immediateClosure, .coalesced, .null, .literal, .other: nil
        case .elements(_, _, let range), .storedProperty(_, let range), .instance(_, let range): range
        case .wrapped(let value, _): value.range
        }
    }
}
