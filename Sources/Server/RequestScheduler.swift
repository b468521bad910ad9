// The ordering model.
//
// One thread reads standard input and decodes messages strictly in arrival order. Notifications — document
// edits above all — are applied on that thread before the next message is read, so every document sees its
// edits in the order the client sent them and a request always sees every edit that preceded it. A request that
// only reads takes an immutable snapshot of the server state on that thread and then runs on a concurrent queue:
// later edits never change what it sees and never wait for it, and it never waits for them. In particular a
// `didChange` does not cancel a running completion (sourcekit-lsp learnt that fast typists otherwise never get
// a list). `$/cancelRequest` is handled on the reading thread as soon as it arrives, outside any queue: if the
// request has not replied yet it is answered at once with RequestCancelled (-32800), its token is set so the
// work can stop early, and whatever it would have answered later is dropped. Every request gets exactly one reply.
// One exception to the queue: a request that reads one declaration of a Swift document already parsed (completion,
// its resolve, hover, definition) costs tens of microseconds, less than waking another thread (measured: the
// handoff was most of a hover's round trip), and is answered on the reading thread before the next message is read.
// Nothing can cancel it, and nothing needs to.

import Dispatch
import JSONRPC
import Synchronization

/// Set when the client cancels a request; long-running work checks it and stops early.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }

    func cancel() { flag.store(true, ordering: .relaxed) }
}

public struct CancellationError: Error {}

/// Runs read requests concurrently and makes sure each gets exactly one reply.
final class RequestScheduler: Sendable {
    private let inFlight = Mutex<[RequestID: CancellationToken]>([:])
    private let queue = DispatchQueue(label: "mockls.requests", qos: .userInitiated, attributes: .concurrent)
    private let send: @Sendable ([UInt8]) -> Void

    init(send: @escaping @Sendable ([UInt8]) -> Void) {
        self.send = send
    }

    /// Registers `id` and runs `work` on the concurrent queue; `work` returns the whole reply.
    /// Returns false (and runs nothing) when a request with the same id is still in flight.
    func schedule(_ id: RequestID, _ work: @escaping @Sendable (CancellationToken) -> [UInt8]) -> Bool {
        let token = CancellationToken()
        let added = inFlight.withLock { table -> Bool in
            guard table[id] == nil else { return false }
            table[id] = token
            return true
        }
        guard added else { return false }
        queue.async { [self] in
            let reply = token.isCancelled ? OutgoingMessage.error(id: id, .cancelled) : work(token)
            finish(id, reply)
        }
        return true
    }

    /// Runs `work` here and now and sends its reply: for requests that cost less than the handoff to another
    /// thread. Returns false (and runs nothing) when a request with the same id is still in flight.
    func answerAtOnce(_ id: RequestID, _ work: (CancellationToken) -> [UInt8]) -> Bool {
        guard inFlight.withLock({ $0[id] == nil }) else { return false }
        send(work(CancellationToken()))
        return true
    }

    /// Sends the reply unless the request was already answered (cancelled).
    private func finish(_ id: RequestID, _ reply: [UInt8]) {
        let stillOwed = inFlight.withLock { $0.removeValue(forKey: id) != nil }
        if stillOwed { send(reply) }
    }

    /// Answers `id` with RequestCancelled if it has not replied yet; otherwise does nothing.
    func cancel(_ id: RequestID) {
        guard let token = inFlight.withLock({ $0.removeValue(forKey: id) }) else { return }
        token.cancel()
        send(OutgoingMessage.error(id: id, .cancelled))
    }

}
