#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Analysis
import LSP

/// `mockls/test/document`: the server's copy of an open document, so protocol tests can check that edits
/// arrived intact. Registered only with `ServerOptions.testHooks`.
enum DocumentStateRequest: LSPRequest {
    static let method = "mockls/test/document"

    struct Params: Decodable, Sendable {
        var uri: DocumentURI
        var includeText: Bool?
    }

    struct Response: Encodable, Sendable {
        var version: Int
        var utf8Length: Int
        var lineCount: Int
        var text: String?
    }
}

/// `mockls/test/fail`: a handler that fails with an unexpected error, to show such failures become
/// InternalError (-32603) replies and the server goes on. Registered only with `ServerOptions.testHooks`.
enum FailRequest: LSPRequest {
    static let method = "mockls/test/fail"
    typealias Params = NoParams
    typealias Response = NullResult

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the test hook failed on purpose" }
    }
}

/// `mockls/test/sleep`: holds a request in flight for `milliseconds` (or until cancelled), so protocol tests can
/// exercise cancellation and concurrency deterministically. Registered only with `ServerOptions.testHooks`
/// (`MOCKLS_TEST_HOOKS=1`).
enum SleepRequest: LSPRequest {
    static let method = "mockls/test/sleep"

    struct Params: Decodable, Sendable {
        var milliseconds: Int
        var uri: DocumentURI?
    }

    struct Response: Encodable, Sendable {
        var slept: Int
        /// The version of `uri`'s document in the request's snapshot, when asked: shows which edits it saw.
        var version: Int?
    }
}

extension SleepRequest.Params {
    enum CodingKeys: String, CodingKey { case milliseconds, uri }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        milliseconds = min(max(try container.decode(Int.self, forKey: .milliseconds), 0), 60_000)
        uri = try container.decodeIfPresent(String.self, forKey: .uri)
    }
}

extension LanguageServer {
    func registerTestHooks() {
        registerReadRequest(SleepRequest.self) { params, snapshot, token in
            var slept = 0
            while slept < params.milliseconds, !token.isCancelled {
                usleep(1000)
                slept += 1
            }
            return SleepRequest.Response(slept: slept, version: params.uri.flatMap { snapshot.documents[snapshot.file($0)]?.version })
        }
        registerReadRequest(FailRequest.self) { _, _, _ in throw FailRequest.Failure() }
        registerReadRequest(DocumentStateRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[snapshot.file(params.uri)] else {
                throw DocumentError.notOpen(snapshot.file(params.uri))
            }
            return DocumentStateRequest.Response(
                version: document.version, utf8Length: document.lines.byteCount, lineCount: document.lines.lineCount,
                text: params.includeText == false ? nil : document.text)
        }
    }
}
