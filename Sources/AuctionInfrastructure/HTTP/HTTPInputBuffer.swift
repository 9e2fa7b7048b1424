/// Bytes received and not yet parsed, with line scanning that never rescans a byte.
struct HTTPInputBuffer: Sendable {
    /// The result of looking for the next line.
    enum Line {
        /// A complete line (its LF and any CR before it are not in the range).
        case line(ArraySlice<UInt8>)
        /// The line is longer than the limit.
        case tooLong
    }

    private var bytes: [UInt8] = []
    private var start = 0
    private var scanned = 0

    /// Bytes not yet consumed.
    var count: Int { bytes.count - start }

    /// Appends received bytes.
    mutating func append(_ more: UnsafeRawBufferPointer) { bytes.append(contentsOf: more) }

    /// Drops everything, releasing memory.
    mutating func reset() {
        bytes = []
        start = 0
        scanned = 0
    }

    /// The next line ending in LF, consumed; nil when no complete line is buffered.
    mutating func nextLine(limit: Int) -> Line? {
        var index = max(scanned, start)
        let end = bytes.count
        while index < end, bytes[index] != 0x0A { index += 1 }
        guard index < end else {
            scanned = index
            return nil
        }
        var lineEnd = index
        if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        if lineEnd - start > limit { return .tooLong }
        let line = bytes[start..<lineEnd]
        consume(index + 1 - start)
        return .line(line)
    }

    /// Up to `count` bytes from the front, without consuming them.
    func peek(upTo count: Int) -> ArraySlice<UInt8> { bytes[start..<(start + min(count, self.count))] }

    /// Takes up to `count` bytes from the front.
    mutating func take(upTo limit: Int) -> ArraySlice<UInt8> {
        let taken = min(limit, count)
        let slice = bytes[start..<(start + taken)]
        consume(taken)
        return slice
    }

    private mutating func consume(_ count: Int) {
        start += count
        scanned = max(scanned, start)
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 65_536)
            start = 0
            scanned = 0
        } else if start >= 4_096 && start * 2 >= bytes.count {
            bytes.removeFirst(start)
            scanned -= start
            start = 0
        }
    }
}
