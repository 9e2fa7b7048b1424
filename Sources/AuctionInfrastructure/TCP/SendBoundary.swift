/// How a `TCPConnection` cuts its output into `send` calls for a peer that reads fixed-size chunks.
///
/// Each send carries at most `maximumBytes` and ends just after a `delimiter` (the frame splitter,
/// which our writers never put inside a frame). A single message longer than `maximumBytes` goes in
/// one send through its delimiter; output without any delimiter goes as it is.
public struct SendBoundary: Hashable, Sendable {
    /// The most bytes one send carries when a delimiter is within reach.
    public var maximumBytes: Int
    /// The byte that ends a message.
    public var delimiter: UInt8

    /// Creates a boundary rule (`maximumBytes` at least 1).
    public init(maximumBytes: Int, delimiter: UInt8) {
        self.maximumBytes = max(1, maximumBytes)
        self.delimiter = delimiter
    }

    /// Where the next send from `start` ends in `bytes` (exclusive).
    public func end(of bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard bytes.count - start > maximumBytes else { return bytes.count }
        var index = start + maximumBytes - 1
        while index >= start {
            if bytes[index] == delimiter { return index + 1 }
            index -= 1
        }
        index = start + maximumBytes
        while index < bytes.count {
            if bytes[index] == delimiter { return index + 1 }
            index += 1
        }
        return bytes.count
    }
}
