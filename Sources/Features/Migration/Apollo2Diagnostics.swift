import GraphQLIndex
import SwiftAnalysis

/// What of Apollo iOS 1.x a test file of a project on 2.x still writes (`sync-from`, `graphql-result`, `apollo-1-fake`,
/// `callback-fetch`), with fixes from `Apollo2Migration`: this call alone, or the whole file. Nothing for a project on
/// 1.x, and nothing for code written for 2.x.
public enum Apollo2Diagnostics {
    /// Beyond this many calls of a file, only the whole file's fix is offered (each call's is a plan of its own).
    static let callFixLimit = 24

    public static func diagnostics(in file: SwiftFile, project: ProjectIndex) -> [Diagnostic] {
        guard project.format.release == .two else { return [] }
        let text = file.lines.bytes
        let mayHoldFrom = text.contains(bytes: "from(")
        let constructs = ApolloOneConstructs.mayHold(text) ? ApolloOneConstructs(file) : nil
        let isModel = Self.isModel(in: project)
        // Most files of a project on 2.x await every `from(_:)` already: no plan for them.
        let unawaited = mayHoldFrom
            && AsyncSites.sites(in: file) { Apollo2Migration.isFrom($0, isModel: isModel) }.contains { !$0.isAwaited }
        guard unawaited || constructs.map({ !$0.resultTypes.isEmpty || !$0.resultConstructions.isEmpty || !$0.conformances.isEmpty || !$0.callbackFetches.isEmpty }) == true
        else { return [] }
        let whole = Apollo2Migration.plan([file], isModel: isModel)[0]
        let wholeFix = fix(whole.edits, in: text, title: "Migrate this file to Apollo iOS 2 (as `mockls migrate --to 2`)", isPreferred: false)
        var result: [Diagnostic] = []
        for call in whole.fromCalls {
            var fixes: [Diagnostic.Fix] = []
            if whole.fromCalls.count <= callFixLimit {
                let single = Apollo2Migration.plan([file], isModel: isModel) { _, range in range == call.range }[0]
                if let fix = fix(single.edits, in: text, title: "Await `from(_:)` (and make what encloses it `async`)", isPreferred: true) {
                    fixes.append(fix)
                }
            }
            // The whole file's, where it does more than this call's.
            if let wholeFix, fixes.first.map({ ($0.range, $0.text) != (wholeFix.range, wholeFix.text) }) ?? true { fixes.append(wholeFix) }
            let left = whole.left.first { $0.range.lowerBound <= call.range.lowerBound && call.range.upperBound <= $0.range.upperBound }
                ?? whole.left.first { $0.range == call.range }
            let model = call.model.map { "`\($0).from(_:)`" } ?? "`from(_:)`"
            let message = "\(model) is `async` in Apollo iOS 2: `await` it, in an `async` test or helper"
                + (left.map { "; here it is \($0.reason)" } ?? "")
            result.append(Diagnostic(severity: .error, code: .syncFrom, message: message, range: call.range, fixes: fixes))
        }
        guard let constructs else { return result }
        for type in constructs.resultTypes {
            // Over a generic function's data parameter, the function's parameter changes too: the whole file's fix.
            let operation = type.operation ?? Apollo2Migration.operation(ofData: type.argument)
            let fixes = type.operation != nil ? (wholeFix.map { [$0] } ?? [])
                : operation.map { [Diagnostic.Fix(title: "Use `GraphQLResponse<\($0)>`", range: type.range, text: "GraphQLResponse<\($0)>", isPreferred: true)] } ?? []
            result.append(Diagnostic(
                severity: .error, code: .graphQLResult,
                message: "`GraphQLResult<\(type.argument)>` is `GraphQLResponse<\(operation ?? "Operation")>` in Apollo iOS 2 (generic over the operation, not its data)",
                range: type.range, fixes: fixes))
        }
        for construction in constructs.resultConstructions {
            let operation = construction.dataType.flatMap(Apollo2Migration.operation(ofData:))
            let replacement = operation.map { "GraphQLResponse<\($0)>" } ?? "GraphQLResponse"
            result.append(Diagnostic(
                severity: .error, code: .graphQLResult, message: "`GraphQLResult` is `\(replacement)` in Apollo iOS 2, with the same initializer",
                range: construction.name,
                fixes: [Diagnostic.Fix(title: "Use `\(replacement)`", range: construction.name, text: replacement, isPreferred: true)]))
        }
        for conformance in constructs.conformances {
            if conformance.kind == .clientProtocol {
                // Conforming to the protocol a migration declared for 2.x (here, or in another file: then the fake writes
                // 2.x's types and no 1.x one), it compiles: nothing to say.
                let writesOneTypes = constructs.handlerArguments.contains { $0.argument.hasSuffix(".Data") } || !constructs.cachePolicyTypes.isEmpty
                    || !constructs.resultTypes.isEmpty
                let writesTwoTypes = constructs.writesCachePolicyV1 || constructs.handlerArguments.contains { !$0.argument.hasSuffix(".Data") }
                if constructs.declaresClientProtocol || writesTwoTypes && !writesOneTypes { continue }
                if !whole.left.contains(where: { $0.range == conformance.range }) {
                    result.append(Diagnostic(
                        severity: .error, code: .apolloOneFake,
                        message: "`\(conformance.typeName)` conforms to `ApolloClientProtocol`, which Apollo iOS 2 does not have: the file's migration declares 1.x's protocol for 2.x after it (`ApolloClient` conforming through its deprecated callback API) — where the app's code takes the protocol, the app declares it instead",
                        range: conformance.range, fixes: wholeFix.map { [$0] } ?? []))
                    continue
                }
            }
            // A 1.x transport the file's migration answers 2.x through (its `send` kept): said so, with that fix.
            if conformance.kind == .networkTransport, !whole.left.contains(where: { $0.range == conformance.range }) {
                result.append(Diagnostic(
                    severity: .error, code: .apolloOneFake,
                    message: "`\(conformance.typeName)` implements 1.x's `NetworkTransport` (`send(operation:…completionHandler:)`); Apollo iOS 2's asks for `send(query:fetchBehavior:requestConfiguration:)` and `send(mutation:requestConfiguration:)`, which the file's migration writes, answered through this `send`",
                    range: conformance.range, fixes: wholeFix.map { [$0] } ?? []))
                continue
            }
            result.append(Diagnostic(severity: .error, code: .apolloOneFake, message: Apollo2Migration.reason(conformance), range: conformance.range))
        }
        for fetch in constructs.callbackFetches {
            result.append(Diagnostic(
                severity: .warning, code: .callbackFetch,
                message: "`\(fetch.method)` with a result handler is deprecated in Apollo iOS 2 (its cache policy is `CachePolicy_v1`): `let response = try await client.\(fetch.method)(…)` in an `async` test",
                range: fetch.range))
        }
        return result.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// Whether a type path names a generated selection set of `project` (with or without its namespace).
    public static func isModel(in project: ProjectIndex) -> @Sendable (String) -> Bool {
        let namespace = project.namespace + "."
        return { path in
            let local = path.hasPrefix(namespace) ? String(path.dropFirst(namespace.count)) : path
            return project.selectionSet(local) != nil
        }
    }

    /// Edits as one fix: the span from the first to the last, rewritten.
    static func fix(_ edits: [Apollo2Migration.Edit], in text: [UInt8], title: String, isPreferred: Bool) -> Diagnostic.Fix? {
        guard let first = edits.first?.range.lowerBound, let last = edits.map(\.range.upperBound).max() else { return nil }
        let span = first..<last
        return Diagnostic.Fix(
            title: title, range: span, text: Apollo2Migration.FilePlan.applying(edits, to: text, in: span), isPreferred: isPreferred)
    }
}
