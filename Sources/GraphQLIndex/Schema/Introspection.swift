import Foundation

/// Schemas given as introspection results (`schema.json`, with or without the `data` wrapper), turned into SDL so
/// that one schema builder serves both inputs.
public enum IntrospectionSchema {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        case notIntrospection

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not valid JSON: \(detail)"
            case .notIntrospection: return "not an introspection result: expected {\"data\": {\"__schema\": …}} or {\"__schema\": …}"
            }
        }
    }

    /// The SDL equivalent of an introspection result.
    public static func sdl(from json: [UInt8]) -> Result<String, Failure> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json))
        } catch {
            return .failure(.notJSON(error.localizedDescription))
        }
        let root = object as? [String: Any]
        guard let schema = ((root?["data"] as? [String: Any])?["__schema"] ?? root?["__schema"]) as? [String: Any],
            let types = schema["types"] as? [[String: Any]]
        else { return .failure(.notIntrospection) }
        var out = "schema {\n"
        for kind in ["query", "mutation", "subscription"] {
            if let name = (schema["\(kind)Type"] as? [String: Any])?["name"] as? String { out += "  \(kind): \(name)\n" }
        }
        out += "}\n"
        for type in types {
            guard let name = type["name"] as? String, !name.hasPrefix("__") else { continue }
            if Schema.builtInScalars.contains(name) { continue }
            out += "\n" + description(type["description"], indent: "")
            switch type["kind"] as? String {
            case "SCALAR":
                out += "scalar \(name)\n"
            case "OBJECT", "INTERFACE":
                let keyword = type["kind"] as? String == "OBJECT" ? "type" : "interface"
                let interfaces = (type["interfaces"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                out += "\(keyword) \(name)\(interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")) {\n"
                for field in type["fields"] as? [[String: Any]] ?? [] {
                    out += description(field["description"], indent: "  ")
                    let arguments = (field["args"] as? [[String: Any]] ?? []).map(inputValue)
                    out += "  \(field["name"] as? String ?? "_")\(arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")"
                    out += ": \(typeReference(field["type"]))\(deprecated(field))\n"
                }
                out += "}\n"
            case "UNION":
                let members = (type["possibleTypes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                out += "union \(name) = \(members.joined(separator: " | "))\n"
            case "ENUM":
                out += "enum \(name) {\n"
                for value in type["enumValues"] as? [[String: Any]] ?? [] {
                    out += description(value["description"], indent: "  ")
                    out += "  \(value["name"] as? String ?? "_")\(deprecated(value))\n"
                }
                out += "}\n"
            case "INPUT_OBJECT":
                out += "input \(name) {\n"
                for field in type["inputFields"] as? [[String: Any]] ?? [] {
                    out += description(field["description"], indent: "  ") + "  \(inputValue(field))\n"
                }
                out += "}\n"
            default:
                continue
            }
        }
        return .success(out)
    }

    private static func typeReference(_ node: Any?) -> String {
        guard let node = node as? [String: Any] else { return "String" }
        switch node["kind"] as? String {
        case "NON_NULL": return typeReference(node["ofType"]) + "!"
        case "LIST": return "[\(typeReference(node["ofType"]))]"
        default: return node["name"] as? String ?? "String"
        }
    }

    private static func inputValue(_ value: [String: Any]) -> String {
        var text = "\(value["name"] as? String ?? "_"): \(typeReference(value["type"]))"
        if let defaultValue = value["defaultValue"] as? String { text += " = \(defaultValue)" }
        return text
    }

    private static func deprecated(_ node: [String: Any]) -> String {
        guard node["isDeprecated"] as? Bool == true else { return "" }
        guard let reason = node["deprecationReason"] as? String else { return " @deprecated" }
        return " @deprecated(reason: \(quoted(reason)))"
    }

    private static func description(_ value: Any?, indent: String) -> String {
        guard let text = value as? String, !text.isEmpty else { return "" }
        return "\(indent)\(quoted(text))\n"
    }

    private static func quoted(_ text: String) -> String { text.quotedLiteral }
}
