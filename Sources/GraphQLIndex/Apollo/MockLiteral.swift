/// The literal a mock field of a built-in scalar or an enum starts from: `""`, `0`, `0.0`, `false`, or the enum's
/// first case. What Apollo's defaults (1.23+), mockls's fixes and its completion placeholders all write; nil for
/// the types each of them spells its own way (objects, abstract types, custom scalars, input objects).
public enum MockLiteral {
    public static func of(_ type: NamedType, capitalizer: Capitalizer) -> String? {
        switch type.kind {
        case .enumeration:
            return type.enumValues.first.map { ".case(.\(SwiftNames.enumCase($0.name, capitalizer: capitalizer)))" }
        case .scalar:
            switch type.name {
            case "String", "ID": return "\"\""
            case "Int": return "0"
            case "Float": return "0.0"
            case "Boolean": return "false"
            default: return nil
            }
        default:
            return nil
        }
    }
}
