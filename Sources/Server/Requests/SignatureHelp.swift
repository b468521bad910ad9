import Analysis
import Features
import LSP
import SourceText

/// `textDocument/signatureHelp` in Swift test files.
extension LanguageServer {
    func registerSignatureHelp() {
        registerReadRequest(SignatureHelpRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) {
            params, snapshot, _ in
            guard let context = try snapshot.analysis.testFile(params.textDocument.uri),
                let signature = context.signature(at: try snapshot.conversion.requestOffset(of: params.position, in: context.document.lines))
            else { return nil }
            // Parameter positions in the label, in UTF-16 code units as the protocol counts them there.
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
    }
}

extension ServerFeature {
    static let signatureHelp = ServerFeature(methods: [SignatureHelpRequest.method], register: { $0.registerSignatureHelp() }) { capabilities, _ in
        capabilities.signatureHelpProvider = SignatureHelpOptions(triggerCharacters: ["(", ","], retriggerCharacters: [":"])
    }
}
