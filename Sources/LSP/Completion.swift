import JSONRPC

public struct CompletionParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

extension CompletionParams: JSONReadable {
    public static func read(_ value: JSONCValue) -> CompletionParams? {
        TextDocumentPositionParams.read(value).map { CompletionParams(textDocument: $0.textDocument, position: $0.position) }
    }
}

public enum CompletionItemKind: Int, Codable, Sendable {
    case text = 1, method = 2, function = 3, constructor = 4, field = 5, variable = 6, `class` = 7, interface = 8
    case module = 9, property = 10, unit = 11, value = 12, `enum` = 13, keyword = 14, snippet = 15
    case enumMember = 20
}

public enum InsertTextFormat: Int, Codable, Sendable {
    case plainText = 1, snippet = 2
}

public struct MarkupContent: Codable, Sendable, Equatable {
    public var kind: String
    public var value: String
    public init(markdown: String) {
        kind = "markdown"
        value = markdown
    }
}

public struct TextEdit: Codable, Sendable, Equatable {
    public var range: PositionRange
    public var newText: String
    public init(range: PositionRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

public struct CompletionItemLabelDetails: Codable, Sendable, Equatable {
    public var detail: String?
    public var description: String?
    public init(detail: String?, description: String? = nil) {
        self.detail = detail
        self.description = description
    }
}

public struct CompletionItem: Codable, Sendable, Equatable {
    public var label: String
    public var labelDetails: CompletionItemLabelDetails?
    public var kind: CompletionItemKind?
    public var tags: [Int]?
    public var detail: String?
    public var documentation: MarkupContent?
    public var sortText: String?
    public var filterText: String?
    public var insertTextFormat: InsertTextFormat?
    public var textEdit: TextEdit?
    /// The text of the edit over the list's default range (`CompletionList.ItemDefaults.editRange`).
    public var textEditText: String?
    /// What mockls needs to resolve the item later.
    public var data: CompletionItemData?

    public init(label: String) { self.label = label }
}

/// What mockls puts in a completion item to compute its documentation on `completionItem/resolve`: the document,
/// and the field the item names (stateless: the server keeps nothing per request).
public struct CompletionItemData: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    /// A mock field: the GraphQL object type; or a selection-set field: the selection set's path.
    public var mockObject: String?
    public var selectionSet: String?
    /// The field; nil in a list's default data, where each item's field is its label.
    public var field: String?

    public init(uri: DocumentURI, mockObject: String? = nil, selectionSet: String? = nil, field: String?) {
        self.uri = uri
        self.mockObject = mockObject
        self.selectionSet = selectionSet
        self.field = field
    }
}

public enum CompletionItemResolveRequest: LSPRequest {
    public typealias Params = CompletionItem
    public typealias Response = CompletionItem
    public static let method = "completionItem/resolve"
}

public struct CompletionList: Codable, Sendable, Equatable {
    public var isIncomplete: Bool
    public var itemDefaults: ItemDefaults?
    public var items: [CompletionItem]
    public init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }

    /// What every item of the list shares, said once (LSP 3.17).
    public struct ItemDefaults: Codable, Sendable, Equatable {
        public var editRange: PositionRange?
        public var insertTextFormat: InsertTextFormat?
        /// The data of the items that have none.
        public var data: CompletionItemData?
        public init(editRange: PositionRange? = nil, insertTextFormat: InsertTextFormat? = nil, data: CompletionItemData? = nil) {
            self.editRange = editRange
            self.insertTextFormat = insertTextFormat
            self.data = data
        }
    }

    /// The same list with what all its items share said once, for a client that takes those defaults (`supported`,
    /// from `completionList.itemDefaults`): the edit range (an item then carries only its `textEditText`), the insert
    /// text format, and the data to resolve them by when each item's field is its label. What the items do not all
    /// share stays with them.
    public consuming func sharingItemDefaults(_ supported: [String]) -> CompletionList {
        // Changed in place: the list is the caller's to give (a copy would copy every item). Items are read where
        // they lie: a predicate (`allSatisfy`), or an array's subscript, is handed a copy of each.
        var list = self
        guard let first = list.items.first else { return list }
        var defaults = ItemDefaults()
        var sameRange = true, sameFormat = true, sameData = true
        var shared = first.data
        shared?.field = nil
        list.items.withUnsafeBufferPointer { items in
            for item in items.indices {
                sameRange = sameRange && items[item].textEdit?.range == first.textEdit?.range
                sameFormat = sameFormat && items[item].insertTextFormat == first.insertTextFormat
                if sameData, let shared, let data = items[item].data {
                    sameData = data.field == items[item].label && data.uri == shared.uri && data.mockObject == shared.mockObject
                        && data.selectionSet == shared.selectionSet
                } else {
                    sameData = false
                }
            }
        }
        if supported.contains("editRange"), let range = first.textEdit?.range, sameRange {
            defaults.editRange = range
            for index in list.items.indices {
                list.items[index].textEditText = list.items[index].textEdit?.newText
                list.items[index].textEdit = nil
            }
        }
        if supported.contains("insertTextFormat"), let format = first.insertTextFormat, sameFormat {
            defaults.insertTextFormat = format
            for index in list.items.indices { list.items[index].insertTextFormat = nil }
        }
        if supported.contains("data"), let shared, sameData {
            defaults.data = shared
            for index in list.items.indices { list.items[index].data = nil }
        }
        if defaults != ItemDefaults() { list.itemDefaults = defaults }
        return list
    }
}

public enum CompletionRequest: LSPRequest {
    public typealias Params = CompletionParams
    public typealias Response = CompletionList
    public static let method = "textDocument/completion"
}

public struct CompletionOptions: Encodable, Sendable, Equatable {
    public var triggerCharacters: [String]
    public var resolveProvider: Bool
    public var completionItem: ItemOptions?

    public struct ItemOptions: Encodable, Sendable, Equatable {
        public var labelDetailsSupport: Bool
    }

    public init(triggerCharacters: [String], resolveProvider: Bool, labelDetailsSupport: Bool) {
        self.triggerCharacters = triggerCharacters
        self.resolveProvider = resolveProvider
        completionItem = labelDetailsSupport ? ItemOptions(labelDetailsSupport: true) : nil
    }
}

// Completion lists are the largest replies sent at every keystroke: they write their own text (`JSONWritable`),
// member for member what their `Encodable` conformance gives.

extension CompletionList: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("isIncomplete")
            writer.value(isIncomplete)
            writer.member("itemDefaults", itemDefaults)
            writer.key("items")
            // Most items edit the same range: its text is written once, then copied.
            var range: WrittenRange?
            writer.array(items.indices) { writer, index in items[index].write(to: &writer, range: &range) }
        }
    }
}

/// An edit range as written in a reply, and where its text is.
struct WrittenRange {
    var range: PositionRange
    var text: Range<Int>
}

extension CompletionItem: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        var range: WrittenRange?
        write(to: &writer, range: &range)
    }

    /// `range`: the edit range an item before this one wrote (this one's, when equal, is copied from it).
    func write(to writer: inout JSONWriter, range written: inout WrittenRange?) {
        // Member by member, not in `object`'s closure: the item is read where it lies, in the list.
        writer.beginObject()
        writer.member("label", label)
        writer.member("labelDetails", labelDetails)
        writer.member("kind", kind?.rawValue)
        if let tags {
            writer.key("tags")
            writer.array(tags) { writer, tag in writer.value(tag) }
        }
        writer.member("detail", detail)
        writer.member("documentation", documentation)
        writer.member("sortText", sortText)
        writer.member("filterText", filterText)
        writer.member("insertTextFormat", insertTextFormat?.rawValue)
        if textEdit != nil {
            writer.key("textEdit")
            textEdit?.write(to: &writer, range: &written)
        }
        writer.member("textEditText", textEditText)
        writer.member("data", data)
        writer.endObject()
    }
}

extension CompletionList.ItemDefaults: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("editRange", editRange)
            writer.member("insertTextFormat", insertTextFormat?.rawValue)
            writer.member("data", data)
        }
    }
}

extension CompletionItemData: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("uri", uri)
            writer.member("mockObject", mockObject)
            writer.member("selectionSet", selectionSet)
            writer.member("field", field)
        }
    }
}

extension CompletionItemLabelDetails: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("detail", detail)
            writer.member("description", description)
        }
    }
}

extension MarkupContent: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("kind", kind)
            writer.member("value", value)
        }
    }
}

extension TextEdit: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        var written: WrittenRange?
        write(to: &writer, range: &written)
    }

    /// `written`: the range an edit before this one wrote (this one's, when equal, is copied from its text).
    func write(to writer: inout JSONWriter, range written: inout WrittenRange?) {
        writer.beginObject()
        writer.key("range")
        if let written, written.range == range {
            writer.value(copying: written.text)
        } else {
            let start = writer.byteCount
            writer.value(range)
            written = WrittenRange(range: range, text: start..<writer.byteCount)
        }
        writer.member("newText", newText)
        writer.endObject()
    }
}

extension PositionRange: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("start", start)
            writer.member("end", end)
        }
    }
}

extension Position: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("line", line)
            writer.member("character", character)
        }
    }
}
