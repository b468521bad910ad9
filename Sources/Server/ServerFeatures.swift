import LSP

/// One thing the server answers: how its requests are registered with the dispatcher, and what `initialize`
/// advertises for them. `LanguageServer.features` is the one list both come from, so a request cannot be answered
/// without being advertised, or advertised without an answer (`ServerFeatureTests` holds the two to each other).
/// Each request's file (`Requests/`) declares its feature beside its handler.
struct ServerFeature: Sendable {
    /// The methods the feature answers, as the dispatcher knows them.
    let methods: [String]
    let register: @Sendable (LanguageServer) -> Void
    /// Sets the feature's capabilities for the client that sent `initialize` (what some offer depends on it).
    let advertise: @Sendable (inout ServerCapabilities, InitializeParams) -> Void
}

extension LanguageServer {
    /// Every request the server answers besides the lifecycle's (`initialize`, `shutdown`) and the test hooks.
    static let features: [ServerFeature] = [
        .completion, .hover, .signatureHelp, .symbols, .references, .documentHighlight, .rename, .definition,
        .pullDiagnostics, .codeActions, .mockResponse, .coverageLenses, .commands,
    ]

    /// The capabilities of `features` for the client of `params`, on top of `base` (position encoding, document
    /// synchronisation, workspace folders: what the notifications need).
    static func capabilities(_ base: ServerCapabilities, for params: InitializeParams) -> ServerCapabilities {
        features.reduce(into: base) { capabilities, feature in feature.advertise(&capabilities, params) }
    }
}
