import Foundation
import SourceText
import SwiftAnalysis

/// The swift-syntax tree of one version of an open Swift document, parsed on the first request that needs it.
///
/// A version is parsed incrementally from the nearest earlier version that was parsed: typing does not parse at
/// every keystroke (the reading thread never parses), and a completion after an edit re-parses only what changed.
/// Each cell keeps at most one earlier cell, so unrequested versions do not pile up, and `retention` decides how
/// long the tree is kept (a dropped tree is parsed again when next asked for).
final class SwiftParseCache: @unchecked Sendable {
    // @unchecked: `parsed` and `base` are only touched under `lock`, which is never held while parsing (the reading
    // thread asks `isParsed` when the next version arrives and must not wait); `parsing` lets one thread parse.
    private let lock = NSLock()
    private let parsing = NSLock()
    private let lines: LineTable
    private var parsed: SwiftFile?
    private var base: SwiftParseCache?
    private let retention: ParsedTreeRetention?

    init(lines: LineTable, after previous: SwiftParseCache?, retention: ParsedTreeRetention? = nil) {
        self.lines = lines
        self.retention = retention
        base = previous.flatMap { $0.isParsed ? $0 : $0.parsedBase }
    }

    deinit { retention?.forget(ObjectIdentifier(self)) }

    /// Lets the tree go (`retention` keeps it no longer); the next request parses the text again, from scratch.
    func dropTree() {
        lock.withLock { parsed = nil }
    }

    var isParsed: Bool { lock.withLock { parsed != nil } }
    private var parsedBase: SwiftParseCache? { lock.withLock { base } }

    var file: SwiftFile {
        if let parsed = lock.withLock({ parsed }) {
            retention?.used(self, bytes: lines.byteCount)
            return parsed
        }
        let made = parsing.withLock {
            if let parsed = lock.withLock({ parsed }) { return parsed }
            let previous = lock.withLock { base }.flatMap { base in base.lock.withLock { base.parsed } }
            let made = previous.map { $0.updated(to: lines) } ?? SwiftFile(lines)
            lock.withLock {
                parsed = made
                base = nil
            }
            return made
        }
        retention?.used(self, bytes: lines.byteCount)
        return made
    }
}
