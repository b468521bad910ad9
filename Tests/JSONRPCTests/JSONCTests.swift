import Foundation
import JSONRPC
import LSP
import XCTest

final class JSONCCodingTests: XCTestCase {
    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var flag: Bool
        var tags: [String]
        var nested: [String: Int]
        var missing: String?
        var big: UInt64
    }

    func testRoundTripThroughJSONC() throws {
        let sample = Sample(
            name: "日本 😀 \"quoted\" \\ /", count: -42, ratio: 0.1, flag: true, tags: ["a", ""],
            nested: ["x": 1], missing: nil, big: UInt64.max)
        let bytes = try JSONCEncoder().encode(sample)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("missing"), "nil optionals are left out: \(text)")
        XCTAssertTrue(text.contains("\"ratio\":0.1"), "doubles use the shortest form: \(text)")
        XCTAssertTrue(text.contains("18446744073709551615"), text)
        XCTAssertEqual(try JSONCDecoder().decode(Sample.self, from: bytes), sample)
        // And Foundation agrees on what we wrote.
        XCTAssertEqual(try JSONDecoder().decode(Sample.self, from: Data(bytes)), sample)
    }

    func testDecodesWhatFoundationWrites() throws {
        let item = TextDocumentItem(uri: "file:///t.swift", languageId: "swift", version: 3, text: "let x = \"é\"\r\n\u{0}")
        let bytes = Array(try JSONEncoder().encode(item))
        XCTAssertEqual(try JSONCDecoder().decode(TextDocumentItem.self, from: bytes), item)
    }

    func testErrorsNameThePath() {
        let bytes = Array(#"{"textDocument":{"uri":"u","languageId":"swift","version":"one","text":""}}"#.utf8)
        XCTAssertThrowsError(try JSONCDecoder().decode(DidOpenTextDocumentParams.self, from: bytes)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["textDocument", "version"])
        }
        let missing = Array(#"{"textDocument":{"uri":"u"}}"#.utf8)
        XCTAssertThrowsError(try JSONCDecoder().decode(DidOpenTextDocumentParams.self, from: missing)) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "languageId")
        }
    }

    func testIntegersMustFit() {
        XCTAssertThrowsError(try JSONCDecoder().decode([Int8].self, from: Array("[300]".utf8)))
        XCTAssertThrowsError(try JSONCDecoder().decode([Int].self, from: Array("[1.5]".utf8)))
        XCTAssertEqual(try JSONCDecoder().decode([Int].self, from: Array("[2.0]".utf8)), [2])
        XCTAssertThrowsError(try JSONCDecoder().decode([UInt].self, from: Array("[-1]".utf8)))
    }

    func testExplicitNullIsNotAbsent() throws {
        struct Box: Decodable { var value: JSONValue? }
        let explicit = try JSONCDecoder().decode(JSONValue.self, from: Array(#"{"a":null,"b":[1,2.5,"s",true,{}]}"#.utf8))
        XCTAssertEqual(explicit, .object(["a": .null, "b": .array([.int(1), .double(2.5), .string("s"), .bool(true), .object([:])])]))
        XCTAssertEqual(try JSONCEncoder().encode(explicit), Array(#"{"a":null,"b":[1,2.5,"s",true,{}]}"#.utf8))
    }

    func testStrictParsing() {
        for bad in ["", " ", "{", "{\"a\":1,}", "[1] x", "['a']", "[01]", "[True]"] {
            if case .success = JSONCDocument.parse(Array(bad.utf8)) { XCTFail("accepted \(bad.debugDescription)") }
        }
        XCTAssertNotNil(try? JSONCDocument.parse(Array(" {\"a\":[1]} \r\n".utf8)).get())
        // Malformed UTF-8 inside a string is repaired, not fatal: the rest of the message still counts.
        let invalidUTF8: [UInt8] = [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]
        XCTAssertEqual(try JSONCDecoder().decode([String].self, from: invalidUTF8), ["\u{FFFD}("])
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        if case .success = JSONCDocument.parse(Array(deep.utf8)) { XCTFail("accepted nesting deeper than the limit") }
    }

    func testNilIsLeftOutOrWrittenAsNull() throws {
        struct Record: Encodable { var name: String?; var count: Int?; var tags: [String]? }
        let record = Record(name: nil, count: 1, tags: nil)
        XCTAssertEqual(String(decoding: try JSONCEncoder().encode(record), as: UTF8.self), #"{"count":1}"#)
        XCTAssertEqual(
            String(decoding: try JSONCEncoder(writesNilAsNull: true).encode([record]), as: UTF8.self),
            #"[{"name":null,"count":1,"tags":null}]"#)
    }

    func testNonFiniteDoublesAreRefused() {
        XCTAssertThrowsError(try JSONCEncoder().encode([Double.nan]))
        // Inside a `JSONValue` (written without a container per value), at any depth.
        XCTAssertThrowsError(try JSONCEncoder().encode(JSONValue.object(["a": .array([.int(1), .object(["b": .double(.infinity)])])])))
    }

    /// A `JSONValue` is written straight into the tree (a lens's thousands of locations): members in key order, nulls
    /// kept, in arrays and objects, inside a `Codable` value, as its `encode(to:)` writes them.
    func testJSONValuesWriteWhatTheyEncode() throws {
        struct Command: Encodable { var title: String; var arguments: [JSONValue]? }
        let value = JSONValue.object([
            "z": .array([.null, .bool(false), .int(-3), .double(0.25), .string("é\n\"")]), "a": .object(["y": .null, "b": .object([:])]),
        ])
        XCTAssertEqual(String(decoding: try JSONCEncoder().encode(value), as: UTF8.self),
                       #"{"a":{"b":{},"y":null},"z":[null,false,-3,0.25,"é\n\""]}"#)
        let command = Command(title: "t", arguments: [.string("file:///a"), value])
        XCTAssertEqual(String(decoding: try JSONCEncoder().encode(command), as: UTF8.self),
                       #"{"title":"t","arguments":["file:///a",{"a":{"b":{},"y":null},"z":[null,false,-3,0.25,"é\n\""]}]}"#)
    }
}

final class MessageTests: XCTestCase {
    private func classify(_ text: String) -> IncomingMessage { IncomingMessage.parse(Array(text.utf8)) }

    private func assertInvalid(_ text: String, code: Int, id: RequestID?, file: StaticString = #filePath, line: UInt = #line) {
        guard case .invalid(let actualID, let error, _) = classify(text) else {
            return XCTFail("\(text) was accepted", file: file, line: line)
        }
        XCTAssertEqual(error.code, code, error.message, file: file, line: line)
        XCTAssertEqual(actualID, id, file: file, line: line)
    }

    func testClassification() {
        guard case .request(.number(1), "initialize", let params?) = classify(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#) else {
            return XCTFail()
        }
        XCTAssertEqual(params.kind, .object)
        guard case .request(.string("a"), "x", nil) = classify(#"{"jsonrpc":"2.0","id":"a","method":"x"}"#) else { return XCTFail() }
        guard case .notification("exit", nil) = classify(#"{"jsonrpc":"2.0","method":"exit"}"#) else { return XCTFail() }
        guard case .response(.number(7), .success) = classify(#"{"jsonrpc":"2.0","id":7,"result":null}"#) else { return XCTFail() }
        guard case .response(.number(7), .failure(let error)) = classify(#"{"jsonrpc":"2.0","id":7,"error":{"code":-1,"message":"m"}}"#) else {
            return XCTFail()
        }
        XCTAssertEqual(error.code, -1)
    }

    func testInvalidMessages() {
        assertInvalid("{", code: -32700, id: nil)
        assertInvalid("[]", code: -32600, id: nil)
        assertInvalid(#"[{"jsonrpc":"2.0","method":"exit"}]"#, code: -32600, id: nil)
        assertInvalid("42", code: -32600, id: nil)
        assertInvalid(#"{"id":3,"method":"x"}"#, code: -32600, id: .number(3))
        assertInvalid(#"{"jsonrpc":"2.0","id":3,"method":7}"#, code: -32600, id: .number(3))
        assertInvalid(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, code: -32600, id: nil)
        assertInvalid(#"{"jsonrpc":"2.0","id":4,"method":"x","params":1}"#, code: -32600, id: .number(4))
        assertInvalid(#"{"jsonrpc":"2.0","id":5}"#, code: -32600, id: .number(5))
    }

    func testOutgoingMessages() throws {
        XCTAssertEqual(
            String(decoding: OutgoingMessage.error(id: nil, .parseError("p")), as: UTF8.self),
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"p"}}"#)
        XCTAssertEqual(
            String(decoding: try OutgoingMessage.response(id: .string("x"), result: NullResult()), as: UTF8.self),
            #"{"jsonrpc":"2.0","id":"x","result":null}"#)
    }
}

final class MessageFramerTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func testSplitsMessagesFedByteByByte() {
        var framer = MessageFramer()
        var events: [MessageFramer.Event] = []
        for byte in frame("{\"a\":1}") + frame("日本") { events += framer.feed([byte]) }
        XCTAssertEqual(events, [.message(Array("{\"a\":1}".utf8)), .message(Array("日本".utf8))])
        XCTAssertFalse(framer.hasPartialMessage)
    }

    func testAcceptsContentTypeAnyCaseAndBareNewlines() {
        var framer = MessageFramer()
        let input = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}CONTENT-LENGTH:2\n\n[]"
        XCTAssertEqual(framer.feed(Array(input.utf8)), [.message(Array("{}".utf8)), .message(Array("[]".utf8))])
    }

    func testResynchronisesAfterABadHeader() {
        var framer = MessageFramer()
        let input = Array("Content-Type: x\r\n\r\n{\"lost\":true}".utf8) + frame("{}")
            + Array("Content-Length: -3\r\n\r\nxyz".utf8) + frame("[]")
        let events = framer.feed(input)
        XCTAssertEqual(events.count, 4, "\(events)")
        guard case .headerError(let first) = events[0], case .headerError(let second) = events[2] else { return XCTFail("\(events)") }
        XCTAssertTrue(first.contains("without Content-Length"), first)
        XCTAssertTrue(second.contains("invalid Content-Length"), second)
        XCTAssertEqual(events[1], .message(Array("{}".utf8)))
        XCTAssertEqual(events[3], .message(Array("[]".utf8)))
    }

    func testRefusesHugeLengthsAndEndlessHeaders() {
        var framer = MessageFramer()
        let events = framer.feed(Array("Content-Length: 99999999999\r\n\r\n".utf8) + frame("{}"))
        XCTAssertEqual(events.last, .message(Array("{}".utf8)))
        var flooded = MessageFramer()
        let floodEvents = flooded.feed([UInt8](repeating: UInt8(ascii: "a"), count: 40_000) + frame("{}"))
        XCTAssertEqual(floodEvents.last, .message(Array("{}".utf8)), "\(floodEvents)")
    }

    func testReportsAMessageCutShort() {
        var framer = MessageFramer()
        XCTAssertEqual(framer.feed(Array("Content-Length: 10\r\n\r\n{}".utf8)), [])
        XCTAssertTrue(framer.hasPartialMessage)
    }
}

final class FramingRobustnessTests: XCTestCase {
    func testAnyChunkingGivesTheSameMessages() {
        let bodies = ["{\"a\":1}", "[]", "{\"text\":\"日本😀\\r\\n\"}", String(repeating: "x", count: 3000)]
        let stream = bodies.flatMap { Array("Content-Length: \($0.utf8.count)\r\n\r\n\($0)".utf8) }
        var seed: UInt64 = 42
        for _ in 0..<200 {
            var framer = MessageFramer()
            var events: [MessageFramer.Event] = []
            var offset = 0
            while offset < stream.count {
                seed = seed &* 6364136223846793005 &+ 1
                let size = 1 + Int((seed >> 33) % 700)
                events += framer.feed(stream[offset..<min(stream.count, offset + size)])
                offset += size
            }
            XCTAssertEqual(events, bodies.map { .message(Array($0.utf8)) })
        }
    }

    func testRandomBytesNeverTrap() {
        var seed: UInt64 = 7
        var framer = MessageFramer()
        for _ in 0..<2000 {
            var chunk: [UInt8] = []
            for _ in 0..<64 {
                seed = seed &* 6364136223846793005 &+ 1
                chunk.append(UInt8(truncatingIfNeeded: seed >> 56))
            }
            if seed % 5 == 0 { chunk += Array("Content-Length: 2\r\n\r\n{}".utf8) }
            for event in framer.feed(chunk) {
                if case .message(let body) = event { _ = IncomingMessage.parse(body) }
            }
        }
    }
}

/// Replies that write their own text say exactly what their `Encodable` conformance says.
final class JSONWriterTests: XCTestCase {
    private func list() -> CompletionList {
        var full = CompletionItem(label: "name \"quoted\" \\ 名前 😀")
        full.kind = .property
        full.tags = [1]
        full.detail = "String = \"\""
        full.labelDetails = CompletionItemLabelDetails(detail: " String", description: "tab\there")
        full.documentation = MarkupContent(markdown: "line\nnext\r\u{1}\u{1F}end /slash")
        full.sortText = "0001"
        full.filterText = "name"
        full.insertTextFormat = .snippet
        full.textEdit = TextEdit(
            range: PositionRange(start: Position(line: 3, character: 0), end: Position(line: 3, character: 12)), newText: "name: ${1:\"\"}")
        return CompletionList(isIncomplete: false, items: [full, CompletionItem(label: "bare")])
    }

    func testCompletionListsWriteWhatTheyEncode() throws {
        let written = try OutgoingMessage.response(id: .number(7), result: list())
        let encoded = try JSONCEncoder().encode(list())
        let writtenObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary)
        XCTAssertEqual(writtenObject["id"] as? Int, 7)
        XCTAssertEqual(writtenObject["jsonrpc"] as? String, "2.0")
        XCTAssertEqual(writtenObject["result"] as? NSDictionary, try JSONSerialization.jsonObject(with: Data(encoded)) as? NSDictionary)
        // Items that edit the same range, and one that does not: the range written once and copied is the same text.
        var items = list().items + list().items + list().items
        items[4].textEdit?.range.end.character = 20
        let repeated = CompletionList(isIncomplete: false, items: items)
        XCTAssertEqual(
            try JSONSerialization.jsonObject(with: Data(OutgoingMessage.response(id: .number(8), result: repeated))) as? NSDictionary,
            ["jsonrpc": "2.0", "id": 8, "result": try JSONSerialization.jsonObject(with: Data(JSONCEncoder().encode(repeated)))])
        let stringID = try OutgoingMessage.response(id: .string("a\"b"), result: CompletionList(isIncomplete: true, items: []))
        XCTAssertEqual(String(decoding: stringID, as: UTF8.self), #"{"jsonrpc":"2.0","id":"a\"b","result":{"isIncomplete":true,"items":[]}}"#)
    }

    func testItemDefaultsWriteWhatTheyEncodeAndSayTheSharedRangeOnce() throws {
        let range = PositionRange(start: Position(line: 3, character: 4), end: Position(line: 3, character: 4))
        var items = ["name", "age"].map { label in
            var item = CompletionItem(label: label)
            item.insertTextFormat = .snippet
            item.textEdit = TextEdit(range: range, newText: "\(label): ${1:x}, ")
            return item
        }
        let plain = CompletionList(isIncomplete: false, items: items)
        let shared = plain.sharingItemDefaults(["editRange", "insertTextFormat", "data"])
        XCTAssertEqual(shared.itemDefaults, CompletionList.ItemDefaults(editRange: range, insertTextFormat: .snippet))
        XCTAssertEqual(shared.items.map(\.textEditText), ["name: ${1:x}, ", "age: ${1:x}, "])
        XCTAssertEqual(shared.items.map(\.textEdit), [nil, nil])
        XCTAssertEqual(shared.items.map(\.insertTextFormat), [nil, nil])
        let written = try OutgoingMessage.response(id: .number(1), result: shared)
        let writtenResult = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary)["result"] as? NSDictionary
        XCTAssertEqual(writtenResult, try JSONSerialization.jsonObject(with: Data(JSONCEncoder().encode(shared))) as? NSDictionary)
        XCTAssertEqual((writtenResult?["itemDefaults"] as? NSDictionary)?["insertTextFormat"] as? Int, 2)

        // Only what the client takes, and only what every item shares.
        XCTAssertEqual(plain.sharingItemDefaults(["commitCharacters"]), plain)
        XCTAssertEqual(plain.sharingItemDefaults(["insertTextFormat"]).items.map(\.textEdit), plain.items.map(\.textEdit))
        items[1].textEdit?.range.end.character = 9
        items[1].insertTextFormat = .plainText
        let differing = CompletionList(isIncomplete: false, items: items)
        XCTAssertEqual(differing.sharingItemDefaults(["editRange", "insertTextFormat"]), differing)
        XCTAssertEqual(CompletionList(isIncomplete: true, items: []).sharingItemDefaults(["editRange"]).itemDefaults, nil)

        // Data to resolve by is shared when each item's field is its label; then an item's field is its label.
        let resolvable = ["name", "age"].map { label in
            var item = CompletionItem(label: label)
            item.data = CompletionItemData(uri: "file:///a.swift", mockObject: "Dog", field: label)
            return item
        }
        let sharedData = CompletionList(isIncomplete: false, items: resolvable).sharingItemDefaults(["data"])
        XCTAssertEqual(sharedData.itemDefaults?.data, CompletionItemData(uri: "file:///a.swift", mockObject: "Dog", field: nil))
        XCTAssertEqual(sharedData.items.map(\.data), [nil, nil])
        var renamed = resolvable
        renamed[1].label = "`age`"
        XCTAssertEqual(CompletionList(isIncomplete: false, items: renamed).sharingItemDefaults(["data"]).items.map(\.data), renamed.map(\.data))
        let dataWritten = try OutgoingMessage.response(id: .number(2), result: sharedData)
        let dataResult = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dataWritten)) as? NSDictionary)["result"] as? NSDictionary
        XCTAssertEqual(dataResult, try JSONSerialization.jsonObject(with: Data(JSONCEncoder().encode(sharedData))) as? NSDictionary)
    }

    /// Parameters that read themselves give what `JSONCDecoder` gives, and leave to it what they do not take.
    func testReadersAgreeWithTheDecoder() throws {
        let texts = [
            #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":3,"character":7},"context":{"triggerKind":1}}"#,
            #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":3.0,"character":0}}"#,
        ]
        for text in texts {
            let value = try JSONCDocument.parse(Array(text.utf8)).get().value
            let read = try XCTUnwrap(CompletionParams.read(value))
            let decoded = try JSONCDecoder().decode(CompletionParams.self, from: value)
            XCTAssertEqual([read.textDocument.uri, "\(read.position)"], [decoded.textDocument.uri, "\(decoded.position)"])
            XCTAssertEqual(TextDocumentPositionParams.read(value)?.position, decoded.position)
        }
        for text in [
            #"{"textDocument":{"uri":5},"position":{"line":3,"character":7}}"#,
            #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":3.5,"character":7}}"#,
            #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":18446744073709551615,"character":7}}"#,
            #"{"textDocument":{"uri":"file:///a.swift"}}"#,
            #"[]"#,
        ] {
            let value = try JSONCDocument.parse(Array(text.utf8)).get().value
            XCTAssertNil(CompletionParams.read(value), text)
            XCTAssertThrowsError(try JSONCDecoder().decode(CompletionParams.self, from: value), text)
        }
    }

    func testDiagnosticsWriteWhatTheyEncode() throws {
        let diagnostic = LSP.Diagnostic(
            range: PositionRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 9)), severity: .warning,
            code: "unset-field-read", message: "reading `feet` crashes — \"quoted\"\nnext")
        let report = FullDocumentDiagnosticReport(items: [diagnostic])
        let written = try OutgoingMessage.response(id: .number(3), result: report)
        let writtenResult = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary)["result"] as? NSDictionary
        XCTAssertEqual(writtenResult, try JSONSerialization.jsonObject(with: Data(JSONCEncoder().encode(report))) as? NSDictionary)
        for params in [PublishDiagnosticsParams(uri: "file:///a.swift", version: 4, diagnostics: [diagnostic]),
                       PublishDiagnosticsParams(uri: "file:///b.swift", version: nil, diagnostics: [])] {
            let notification = try OutgoingMessage.notification(method: PublishDiagnosticsNotification.method, params: params)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(notification)) as? NSDictionary)
            XCTAssertEqual(object["method"] as? String, "textDocument/publishDiagnostics")
            XCTAssertEqual(object["params"] as? NSDictionary, try JSONSerialization.jsonObject(with: Data(JSONCEncoder().encode(params))) as? NSDictionary)
        }
    }

    /// References' locations and coverage lenses (whose commands carry `JSONValue` arguments: objects written in key
    /// order, nested arrays, doubles, nulls, keys that need escapes) write what they encode, element for element.
    func testLocationsAndLensesWriteWhatTheyEncode() throws {
        let range = PositionRange(start: Position(line: 4, character: 10), end: Position(line: 4, character: 14))
        let locations = [Location(uri: "file:///tmp/a%20b/T\u{e9}sts.swift", range: range), Location(uri: "file:///c.swift", range: range)]
        let arguments: [JSONValue] = [
            .string("file:///doc.graphql"),
            .object(["zeta": .int(-3), "alpha": .array([.null, .bool(true), .double(0.1), .double(1e300)]),
                     "key \"quoted\"\n": .object([:]), "Ω": .string("名前")]),
            .array([]),
        ]
        let lenses = [CodeLens(range: range, command: Command(title: "3 of 4 tests set it", command: "mockls.showTests", arguments: arguments)),
                      CodeLens(range: range, command: Command(title: "bare", command: "c", arguments: nil)),
                      CodeLens(range: range, command: nil)]
        func assertWrittenIsEncoded<Value: Encodable>(_ value: Value, file: StaticString = #filePath, line: UInt = #line) throws {
            let written = try OutgoingMessage.response(id: .number(5), result: value)
            let encoded = try JSONCEncoder().encode(value)
            XCTAssertNotEqual(written.first, nil)
            let writtenResult = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary)["result"]
            XCTAssertEqual(writtenResult as? NSArray, try JSONSerialization.jsonObject(with: Data(encoded)) as? NSArray, file: file, line: line)
            // The same text, byte for byte: members in the order the encoder writes them.
            let text = String(decoding: written, as: UTF8.self)
            XCTAssertEqual(text, #"{"jsonrpc":"2.0","id":5,"result":"# + String(decoding: encoded, as: UTF8.self) + "}", file: file, line: line)
        }
        try assertWrittenIsEncoded(locations)
        try assertWrittenIsEncoded(lenses)
        try assertWrittenIsEncoded([Location]())
        XCTAssertTrue(([] as [Location]) as Any is any JSONWritable, "an array reply takes the writer's path")
    }

    func testEscapes() {
        var writer = JSONWriter()
        writer.array(["\u{0}", "\u{8}\u{C}", "\"\\/", "é"]) { writer, string in writer.value(string) }
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), #"["\u0000","\b\f","\"\\/","é"]"#)
    }

    /// Every character that needs an escape, at every position of strings long enough to be scanned eight bytes at
    /// a time, among ASCII and multi-byte text: JSON that reads back as the same string.
    func testEscapesAtEveryPosition() throws {
        let specials = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\"]
        for filler in ["a", "é", "~", "\u{7F}", "😀"] {
            for special in specials {
                for position in 0..<19 {
                    var characters = Array(repeating: Character(filler), count: 19)
                    characters[position] = special
                    let text = String(characters)
                    var writer = JSONWriter(capacity: 1)
                    writer.array([text, text + text]) { writer, string in writer.value(string) }
                    let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String])
                    XCTAssertEqual(read, [text, text + text], "\(special.unicodeScalars.first!.value) at \(position) among \(filler)")
                }
            }
        }
    }

    func testNumbersAndFlags() {
        var writer = JSONWriter()
        writer.array([0, 7, 10, -1, -120, Int.max, Int.min]) { writer, number in writer.value(number) }
        writer.array([true, false]) { writer, flag in writer.value(flag) }
        XCTAssertEqual(
            String(decoding: writer.bytes, as: UTF8.self),
            "[0,7,10,-1,-120,\(Int.max),\(Int.min)][true,false]")
    }
}
