import GraphQLIndex
import SwiftAnalysis

/// A diagnostic before its message names lines: cached per function, whose position in the file may change.
struct PendingDiagnostic: Sendable, Hashable {
    var severity: Diagnostic.Severity
    var code: DiagnosticCode
    /// With `{line}` where the line of `lineOf` goes.
    var message: String
    var range: Range<Int>
    /// An offset whose line the message names, and whether it moves with the function (else it is in what runs
    /// before it, whose position is part of the cache key).
    var lineOf: (offset: Int, movesWithFunction: Bool)?
    /// Fixes, with whether their range moves with the function.
    var fixes: [(fix: Diagnostic.Fix, movesWithFunction: Bool)] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.message == rhs.message && lhs.range == rhs.range
            && lhs.lineOf?.offset == rhs.lineOf?.offset && lhs.lineOf?.movesWithFunction == rhs.lineOf?.movesWithFunction
            && lhs.fixes.map(\.fix) == rhs.fixes.map(\.fix)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(range)
        hasher.combine(message)
    }

    func rebased(from old: Int, to new: Int) -> PendingDiagnostic {
        var moved = self
        moved.range = (range.lowerBound - old + new)..<(range.upperBound - old + new)
        if let lineOf, lineOf.movesWithFunction { moved.lineOf = (lineOf.offset - old + new, true) }
        moved.fixes = fixes.map { fix, moves in
            guard moves else { return (fix, moves) }
            var shifted = fix
            shifted.range = (fix.range.lowerBound - old + new)..<(fix.range.upperBound - old + new)
            return (shifted, moves)
        }
        return moved
    }

    func diagnostic(in file: SwiftFile) -> Diagnostic {
        guard let lineOf, let marker = Self.marker(in: message) else {
            return Diagnostic(severity: severity, code: code, message: message, range: range, fixes: fixes.map(\.fix))
        }
        let utf8 = Array(message.utf8)
        let text = String(decoding: utf8[..<marker.lowerBound], as: UTF8.self) + String(file.line(of: lineOf.offset))
            + String(decoding: utf8[marker.upperBound...], as: UTF8.self)
        return Diagnostic(severity: severity, code: code, message: text, range: range, fixes: fixes.map(\.fix))
    }

    /// Where `{line}` is, in UTF-8 offsets.
    private static func marker(in message: String) -> Range<Int>? {
        let needle = Array("{line}".utf8)
        let bytes = Array(message.utf8)
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && Array(bytes[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }
}
