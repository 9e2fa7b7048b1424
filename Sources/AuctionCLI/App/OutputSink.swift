import AuctionInfrastructure
import Glibc

/// Somewhere the CLI writes bytes: a file descriptor, or memory in tests.
public protocol OutputSink: Sendable {
    /// Writes all the bytes (the sink flushes at once; nothing is buffered).
    func write(_ bytes: [UInt8])
}

extension OutputSink {
    /// Writes text as UTF-8.
    public func write(_ text: String) { write(Array(text.utf8)) }
}

/// Writes to a file descriptor with `FileDescriptor.writeAll` (short writes, `EINTR`, `EAGAIN`); never buffers.
public struct FileDescriptorSink: OutputSink {
    /// The descriptor written to.
    public let fileDescriptor: Int32

    /// A sink for a descriptor (e.g. `STDOUT_FILENO`).
    public init(_ fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// Writes every byte, or stops silently when the reader has gone (`EPIPE`) or another error occurs.
    public func write(_ bytes: [UInt8]) {
        try? FileDescriptor(rawValue: fileDescriptor).writeAll(bytes)
    }
}

/// Collects what is written, for tests and benchmarks; thread-safe.
public final class MemorySink: OutputSink {
    private let storage = Mutex<[UInt8]>([])

    /// An empty sink.
    public init() {}

    /// Appends the bytes.
    public func write(_ bytes: [UInt8]) { storage.withLock { $0.append(contentsOf: bytes) } }

    /// Everything written so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }

    /// Everything written so far, as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
