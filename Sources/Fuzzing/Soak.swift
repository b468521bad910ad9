import Dispatch
import Foundation
import JSONRPC
import Server

/// Long sessions of one server, measured per tenth (`make bench-soak`): what a day of editing does to memory and to
/// completion's latency. Not a test: it prints the curves and how they compare with the bounds of issue 45.
public enum Soak {
    /// One tenth of a soak: how many steps so far, the resident set then, and completion's latency over the tenth.
    public struct Tenth: Sendable {
        public var steps: Int
        public var residentMegabytes: Int
        public var allocatedMegabytes: Int
        /// Completion's median and 99th percentile over the tenth, in milliseconds (nil for a message soak).
        public var completion: (median: Double, p99: Double)?
    }

    /// `count` random messages (`MessageSurface`'s stream: documents opened, edited and closed, requests, folder
    /// changes, damaged messages) in one server; `memory` reads the resident set and what malloc holds.
    public static func messages(
        _ fixture: FuzzFixture, count: Int, seed: UInt64, memory: () -> (resident: Int, allocated: Int),
        tenth: (Tenth) -> Void
    ) {
        let surface = MessageSurface(fixture)
        var random = SeededRandom(seed: seed)
        let every = max(1, count / 10)
        for step in 1...max(1, count) {
            surface.run(surface.generate(&random))
            if step % every == 0 {
                let (resident, allocated) = memory()
                tenth(Tenth(steps: step, residentMegabytes: resident, allocatedMegabytes: allocated, completion: nil))
            }
        }
    }

    /// `count` keystrokes in one Swift test file: a test's two lines typed a character at a time, then deleted a
    /// character at a time, again and again (the text comes back to where it started, so that what grows is the
    /// server's, not the file's), each keystroke a `didChange` followed by a completion at the cursor, timed from
    /// the request to its reply.
    public static func edits(
        _ fixture: FuzzFixture, count: Int, memory: () -> (resident: Int, allocated: Int), tenth: (Tenth) -> Void
    ) {
        let session = TypingSession(fixture)
        let typed = Array(#"    let pet = Mock<Dog>(species: "Lab", height: Mock<Height>(feet: 3))"#.utf8) + [10]
            + Array(#"    XCTAssertEqual(pet.height.feet, 3)"#.utf8) + [10]
        let every = max(1, count / 10)
        var latencies: [Double] = []
        latencies.reserveCapacity(every)
        var length = 0  // how much of `typed` is in the file
        var deleting = false
        for step in 1...max(1, count) {
            if deleting {
                length -= 1
                session.delete(at: length)
                if length == 0 { deleting = false }
            } else {
                session.type(typed[length], at: length)
                length += 1
                if length == typed.count { deleting = true }
            }
            latencies.append(session.completion(at: length))
            if step % every == 0 {
                latencies.sort()
                let median = latencies[latencies.count / 2]
                let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
                let (resident, allocated) = memory()
                tenth(Tenth(steps: step, residentMegabytes: resident, allocatedMegabytes: allocated, completion: (median, p99)))
                latencies.removeAll(keepingCapacity: true)
            }
        }
    }
}

/// One server with one Swift test open, typed into at a fixed place: after the first test function's opening line.
private final class TypingSession {
    private let server: LanguageServer
    private let replied = DispatchSemaphore(value: 0)
    private let uri: String
    private let lines: [[UInt8]]
    /// The line typing starts on: the typed text's bytes are counted from its start.
    private let line: Int
    private var version = 1
    private var nextID = 1

    init(_ fixture: FuzzFixture) {
        let replied = self.replied
        server = LanguageServer(options: ServerOptions(logLevel: .critical)) { bytes in
            if bytes.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)), !bytes.contains(Array(#""method""#.utf8)) { replied.signal() }
        }
        let test = fixture.workspace.appendingPathComponent("Tests/AnimalKingdomTests/AnimalTests.swift")
        let text = Array((try? Data(contentsOf: test)) ?? Data("import XCTest\nfinal class T: XCTestCase {\n  func test() {\n  }\n}\n".utf8))
        lines = text.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        line = (lines.firstIndex { String(decoding: $0, as: UTF8.self).contains("func test") } ?? 0) + 1
        uri = fixture.workspace.appendingPathComponent("Tests/AnimalKingdomTests/SoakTests.swift").absoluteString
        send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"textDocument":{"completion":{"completionItem":{"snippetSupport":true}}}},"rootUri":"\#(fixture.workspace.absoluteString)"}}"#)
        replied.wait()
        send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":\#(MessageSurface.json(text))}}}"#)
    }

    /// The line and character of the typed text's byte `offset` (the typed text is ASCII).
    private var typedSoFar: [UInt8] = []
    private func position(_ offset: Int) -> String {
        let before = typedSoFar[..<offset]
        let newlines = before.filter { $0 == 10 }.count
        let column = before.count - ((before.lastIndex(of: 10)).map { $0 + 1 } ?? 0)
        return #"{"line":\#(line + newlines),"character":\#(column)}"#
    }

    func type(_ byte: UInt8, at offset: Int) {
        let at = position(offset)
        typedSoFar.insert(byte, at: offset)
        change(#"{"range":{"start":\#(at),"end":\#(at)},"text":\#(MessageSurface.json([byte]))}"#)
    }

    func delete(at offset: Int) {
        let (start, end) = (position(offset), position(offset + 1))
        typedSoFar.remove(at: offset)
        change(#"{"range":{"start":\#(start),"end":\#(end)},"text":""}"#)
    }

    private func change(_ edit: String) {
        version += 1
        send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[\#(edit)]}}"#)
    }

    /// A completion at the typed text's byte `offset`; its round trip in milliseconds.
    func completion(at offset: Int) -> Double {
        nextID += 1
        let started = DispatchTime.now().uptimeNanoseconds
        send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":\#(position(offset))}}"#)
        replied.wait()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
    }

    private func send(_ body: String) {
        server.handle(IncomingMessage.parse(Array(body.utf8)))
    }
}
