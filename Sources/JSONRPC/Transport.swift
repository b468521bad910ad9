#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes framed messages to a file descriptor; safe to call from any thread, one whole message at a time.
public final class MessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = Mutex<Bool>(true)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Frames and writes one message body. Returns false once the peer has gone (the write failed).
    @discardableResult
    public func send(_ body: [UInt8]) -> Bool {
        var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(contentsOf: body)
        return lock.withLock { open in
            guard open else { return false }
            open = Self.writeAll(descriptor, framed)
            return open
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Reads a byte stream until end of file, handing every framed message (and header problem) to `handle` in order,
/// until `handle` returns false.
public func readMessages(from descriptor: Int32, handle: (MessageFramer.Event) -> Bool) {
    var framer = MessageFramer()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        for event in framer.feed(chunk[0..<count]) where !handle(event) { return }
    }
    if framer.hasPartialMessage { _ = handle(.headerError("input ended inside a message")) }
}
