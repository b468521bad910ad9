import CJSONC

/// A value that reads itself from a json-c tree without `Decodable`: for the small parameters of the requests an
/// editor sends at every keystroke (completion, hover, signature help), where the generic decoder's containers and
/// run-time type lookups cost more than the request's own work. `read` returns nil for anything it does not take
/// as it is (a missing member, a number out of range); the caller then decodes with `JSONCDecoder`, which says
/// exactly what is wrong. So a reader only ever shortens the way to the same value.
public protocol JSONReadable {
    static func read(_ value: JSONCValue) -> Self?
}

extension JSONCValue {
    /// An integral JSON number that fits an `Int`, as `JSONCDecoder` takes it.
    public var int: Int? {
        switch kind {
        case .int:
            let value = json_object_get_int64(pointer)
            return value == Int64.max ? Int(exactly: json_object_get_uint64(pointer)) : Int(exactly: value)
        case .double: return Int(exactly: json_object_get_double(pointer))
        default: return nil
        }
    }
}
