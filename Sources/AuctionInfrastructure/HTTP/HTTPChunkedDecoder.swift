/// Decodes a chunked message body (RFC 9112 §7.1) incrementally; chunk extensions and
/// trailer fields are read and dropped.
struct HTTPChunkedDecoder: Sendable {
    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    private var state = State.size

    /// Moves decoded bytes from `buffer` into `body`; true once the body is complete.
    mutating func decode(from buffer: inout HTTPInputBuffer, into body: inout [UInt8], limit: Int) throws(HTTPError) -> Bool {
        while true {
            switch state {
            case .done:
                return true
            case .size:
                guard let line = try nextLine(&buffer) else { return false }
                let digits = line.prefix { $0 != 0x3B && $0 != 0x20 && $0 != 0x09 }
                guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16),
                      size >= 0 else {
                    throw HTTPError.malformedResponse("invalid chunk size")
                }
                if body.count + size > limit { throw HTTPError.responseTooLarge(limit: limit) }
                state = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                guard buffer.count > 0 else { return false }
                let piece = buffer.take(upTo: remaining)
                body.append(contentsOf: piece)
                state = piece.count == remaining ? .dataEnd : .data(remaining: remaining - piece.count)
            case .dataEnd:
                guard let line = try nextLine(&buffer) else { return false }
                guard line.isEmpty else { throw HTTPError.malformedResponse("chunk data longer than its size") }
                state = .size
            case .trailers:
                guard let line = try nextLine(&buffer) else { return false }
                if line.isEmpty { state = .done }
            }
        }
    }

    private func nextLine(_ buffer: inout HTTPInputBuffer) throws(HTTPError) -> ArraySlice<UInt8>? {
        let limit = 8_192
        guard let line = buffer.nextLine(limit: limit) else {
            if buffer.count > limit + 2 { throw HTTPError.malformedResponse("chunk line too long") }
            return nil
        }
        guard case .line(let bytes) = line else { throw HTTPError.malformedResponse("chunk line too long") }
        return bytes
    }
}
