import JSONRPC

/// What makes a reply no valid protocol answer, judged without the document's text (which may have changed between
/// the request and the reply): a range that ends before it starts, edits of one list that overlap, a completion's
/// edit over several lines, off the position's line or starting after it. The message surface runs it on every reply to a request it sent;
/// a violation is a finding, as a crash is. (`Tests/protocol/answers.py` judges the protocol tests' replies, with
/// the text.)
public enum AnswerCheck {
    /// The violations of `result`, the reply to `method` with `params`; empty when it is a valid answer.
    public static func violations(method: String, params: JSONValue, result: JSONValue) -> [String] {
        var found: [String] = []
        switch method {
        case "textDocument/completion":
            guard let position = Point(params["position"]) else { break }
            var ranges: [JSONValue] = []
            if case .object = result["itemDefaults"]?["editRange"] ?? .null, let editRange = result["itemDefaults"]?["editRange"] {
                ranges += editRange["insert"] != nil ? [editRange["insert"]!, editRange["replace"] ?? .null] : [editRange]
            }
            let items: [JSONValue] = if case .array(let items) = result { items } else if case .array(let items)? = result["items"] { items } else { [] }
            for item in items {
                guard let edit = item["textEdit"] else { continue }
                ranges += edit["insert"] != nil ? [edit["insert"]!, edit["replace"] ?? .null] : [edit["range"] ?? .null]
            }
            for range in ranges {
                guard let (start, end) = Self.range(range) else {
                    found.append("completion: an edit with no range: \(range)")
                    continue
                }
                if start > end { found.append("completion: a range that ends before it starts: \(range)") }
                if start.line != end.line { found.append("completion: an edit over several lines: \(range)") }
                // On the position's line, from before it; its end may come before a position past the line's end,
                // which the server clamps to the end of the line as LSP says (the text is not known here).
                if start.line != position.line || start > position { found.append("completion: an edit beside the position \(position): \(range)") }
            }
        case "textDocument/codeAction":
            guard case .array(let actions) = result else { break }
            for action in actions {
                let what = "code action \(action["title"]?.stringValue ?? "")"
                found += workspaceEdit(action["edit"], what: what)
                // A bare Command, or an action's: a name, and arguments (a list) the client sends back as they came.
                if let command = action["command"].flatMap({ $0.stringValue == nil ? $0 : action }) { found += Self.command(command, what: what) }
            }
        case "textDocument/codeLens":
            guard case .array(let lenses) = result else { break }
            for lens in lenses {
                if Self.range(lens["range"] ?? .null).map({ $0.start > $0.end }) ?? true { found.append("code lens: a range that is none: \(lens)") }
                if let command = lens["command"] { found += Self.command(command, what: "code lens") }
            }
        case "textDocument/rename":
            found += workspaceEdit(result, what: "rename")
        case "textDocument/documentHighlight", "textDocument/references":
            guard case .array(let locations) = result else { break }
            for location in locations where Self.range(location["range"] ?? .null).map({ $0.start > $0.end }) ?? true {
                found.append("\(method): a range that is none: \(location)")
            }
        case "textDocument/hover", "textDocument/prepareRename":
            if let range = result["range"], Self.range(range).map({ $0.start > $0.end }) ?? true {
                found.append("\(method): a range that is none: \(range)")
            }
        default:
            break
        }
        return found
    }

    /// A command: a name, and arguments that are a list.
    private static func command(_ command: JSONValue, what: String) -> [String] {
        guard let name = command["command"]?.stringValue else { return ["\(what): a command with no name: \(command)"] }
        if let arguments = command["arguments"], case .array = arguments {} else if command["arguments"] != nil {
            return ["\(what): the arguments of \(name) are no list"]
        }
        // An empty name is a lens to show, not to run (a field no test reads), as VS Code takes it; Neovim 0.7 says
        // the server has no such command and sends nothing.
        _ = name
        return []
    }

    /// The edits of each document in a workspace edit: each a range, none overlapping another of its list.
    private static func workspaceEdit(_ edit: JSONValue?, what: String) -> [String] {
        var lists: [[JSONValue]] = []
        if case .object(let changes)? = edit?["changes"] {
            for case .array(let edits) in changes.values { lists.append(edits) }
        }
        if case .array(let documentChanges)? = edit?["documentChanges"] {
            for change in documentChanges { if case .array(let edits)? = change["edits"] { lists.append(edits) } }
        }
        var found: [String] = []
        for edits in lists {
            let ranges = edits.compactMap { range($0["range"] ?? .null) }
            if ranges.count != edits.count { found.append("\(what): an edit with no range") }
            if ranges.contains(where: { $0.start > $0.end }) { found.append("\(what): a range that ends before it starts") }
            let sorted = ranges.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            if zip(sorted, sorted.dropFirst()).contains(where: { $0.end > $1.start }) {
                found.append("\(what): edits that overlap: \(sorted)")
            }
        }
        return found
    }

    struct Point: Comparable, CustomStringConvertible {
        var line: Int64
        var character: Int64

        init?(_ value: JSONValue?) {
            guard case .int(let line)? = value?["line"], case .int(let character)? = value?["character"] else { return nil }
            (self.line, self.character) = (line, character)
        }

        static func < (lhs: Point, rhs: Point) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }
        var description: String { "\(line):\(character)" }
    }

    private static func range(_ value: JSONValue) -> (start: Point, end: Point)? {
        guard let start = Point(value["start"]), let end = Point(value["end"]) else { return nil }
        return (start, end)
    }
}
