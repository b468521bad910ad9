import Benchmark
import Foundation
import JSONRPC
import LSP

/// A `textDocument/didOpen` of about 1 MB: a generated Swift test file with CJK and emoji, as clients send it.
let didOpen: [UInt8] = {
    var text = ""
    var line = 0
    while text.utf8.count < 1_000_000 {
        text += "    let dog\(line) = Mock<Dog>(name: \"柴犬 \(line) 🐕\", height: Mock<Height>(feet: \(line % 9)))\n"
        line += 1
    }
    let message: [String: Any] = [
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": "file:///work/Tests/DogTests.swift", "languageId": "swift", "version": 1, "text": text]],
    ]
    return Array(try! JSONSerialization.data(withJSONObject: message))
}()

/// The same message as Foundation would decode it: the envelope and typed params, the text as a `String`
/// (Foundation's natural choice, and a cheaper one for it than the bytes mockls keeps).
struct DidOpenMessage: Decodable {
    struct Params: Decodable { var textDocument: Item }
    struct Item: Decodable { var uri: String; var languageId: String; var version: Int; var text: String }
    var jsonrpc: String
    var method: String
    var params: Params
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)

    Benchmark("didOpen 1 MB: json-c (mockls message path)") { benchmark in
        for _ in benchmark.scaledIterations {
            guard case .notification(_, let params?) = IncomingMessage.parse(didOpen) else { fatalError("not a notification") }
            blackHole(try JSONCDecoder().decode(DidOpenTextDocumentParams.self, from: params))
        }
    }

    Benchmark("didOpen 1 MB: Foundation JSONDecoder") { benchmark in
        let data = Data(didOpen)
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDecoder().decode(DidOpenMessage.self, from: data))
        }
    }

    Benchmark("didOpen 1 MB: Foundation JSONSerialization") { benchmark in
        let data = Data(didOpen)
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }
}
