import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// What the editor shows about the code: hovers, signatures, and a mock's JSON response.
extension ProtocolConversion {
    func hover(_ hover: Hover, in lines: LineTable) -> HoverResult {
        HoverResult(contents: MarkupContent(markdown: hover.contents), range: range(of: hover.range, in: lines))
    }

    /// A signature, its parameters' positions in the label in UTF-16 code units as the protocol counts them there.
    func signatureHelp(_ signature: Signature) -> SignatureHelpResult {
        var parameters: [ParameterInformation] = []
        var searchFrom = signature.label.startIndex
        for parameter in signature.parameters {
            guard let found = signature.label.range(of: parameter.label, range: searchFrom..<signature.label.endIndex) else { continue }
            let start = signature.label.utf16.distance(from: signature.label.startIndex, to: found.lowerBound)
            let end = signature.label.utf16.distance(from: signature.label.startIndex, to: found.upperBound)
            parameters.append(ParameterInformation(label: [start, end], documentation: parameter.documentation.map(MarkupContent.init(markdown:))))
            searchFrom = found.upperBound
        }
        let information = SignatureInformation(
            label: signature.label, documentation: signature.documentation.map(MarkupContent.init(markdown:)),
            parameters: parameters, activeParameter: signature.activeParameter)
        return SignatureHelpResult(signatures: [information], activeParameter: signature.activeParameter)
    }

    func mockResponse(_ written: MockResponse.Written) -> MockResponseResult {
        MockResponseResult(name: written.name, json: written.json)
    }
}
