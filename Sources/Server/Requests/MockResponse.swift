import Analysis
import Features
import JSONRPC
import LSP

/// `mockls/response`: the JSON response a mock stands for at a position (`MockResponse`), which VS Code's "Copy the
/// JSON response" asks for and copies. A response that cannot be written fails with the fields that keep it from being.
extension LanguageServer {
    func registerMockResponse() {
        registerReadRequest(MockResponseRequest.self) { params, snapshot, _ in
            let uri = params.textDocument.uri
            let file = try snapshot.analysis.file(snapshot.file(uri))
            let offset = try snapshot.conversion.requestOffset(of: params.position, in: file.lines)
            switch snapshot.analysis.response(at: offset, in: file) {
            case nil:
                throw ResponseError(code: ResponseError.requestFailedCode, message: "the file belongs to no Apollo project")
            case .success(let written)?:
                return snapshot.conversion.mockResponse(written)
            case .failure(.noModel)?:
                throw ResponseError(code: ResponseError.requestFailedCode, message: "no X.Data.from(mock) of an operation, or from(mock) of a fragment, here")
            case .failure(.notFollowed(let reason))?:
                throw ResponseError(code: ResponseError.requestFailedCode, message: "the from(_:) here builds a model mockls does not know: \(reason)")
            case .failure(.unset(let problems))?:
                throw ResponseError(
                    code: ResponseError.requestFailedCode,
                    message: "the response cannot be written without inventing values: " + problems.joined(separator: "; "))
            }
        }
    }
}

extension ServerFeature {
    /// `mockls/response`, mockls's own request: no capability of the protocol names it (the editor extensions that
    /// send it say so in their documentation).
    static let mockResponse = ServerFeature(methods: [MockResponseRequest.method], register: { $0.registerMockResponse() }) { _, _ in }
}
