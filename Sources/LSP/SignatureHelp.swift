/// `textDocument/signatureHelp`: the signature of the call around the cursor (its `context` is not read: the answer
/// depends on the cursor alone).
public enum SignatureHelpRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    /// `null` when the cursor is in no call mockls knows.
    public typealias Response = SignatureHelpResult?
    public static let method = "textDocument/signatureHelp"
}

public struct SignatureHelpResult: Encodable, Sendable, Equatable {
    public var signatures: [SignatureInformation]
    public var activeSignature: Int
    public var activeParameter: Int?

    public init(signatures: [SignatureInformation], activeSignature: Int = 0, activeParameter: Int?) {
        self.signatures = signatures
        self.activeSignature = activeSignature
        self.activeParameter = activeParameter
    }
}

public struct SignatureInformation: Encodable, Sendable, Equatable {
    public var label: String
    public var documentation: MarkupContent?
    public var parameters: [ParameterInformation]
    public var activeParameter: Int?

    public init(label: String, documentation: MarkupContent?, parameters: [ParameterInformation], activeParameter: Int?) {
        self.label = label
        self.documentation = documentation
        self.parameters = parameters
        self.activeParameter = activeParameter
    }
}

public struct ParameterInformation: Encodable, Sendable, Equatable {
    /// Where the parameter stands in the signature's label: start and end offsets in UTF-16 code units, which every
    /// client reads the same way (a label given as text is ambiguous when it occurs twice).
    public var label: [Int]
    public var documentation: MarkupContent?

    public init(label: [Int], documentation: MarkupContent?) {
        self.label = label
        self.documentation = documentation
    }
}

public struct SignatureHelpOptions: Encodable, Sendable, Equatable {
    public var triggerCharacters: [String]
    public var retriggerCharacters: [String]

    public init(triggerCharacters: [String], retriggerCharacters: [String]) {
        self.triggerCharacters = triggerCharacters
        self.retriggerCharacters = retriggerCharacters
    }
}
