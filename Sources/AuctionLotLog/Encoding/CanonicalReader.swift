/// Reads the log's canonical bytes back, refusing anything out of shape: a short field, a presence
/// byte other than 0 or 1, a string longer than `maximumStringBytes` or not UTF-8.
public struct CanonicalReader: Sendable {
    /// The longest string field an entry may hold (reasons are short codes and notes).
    public static let maximumStringBytes = 1_024

    private let input: [UInt8]
    private var offset = 0

    /// A reader at the start of `input`.
    public init(_ input: [UInt8]) { self.input = input }

    /// Whether every byte was read.
    public var isAtEnd: Bool { offset == input.count }

    /// One byte.
    public mutating func byte() throws(LotLogError) -> UInt8 {
        guard offset < input.count else { throw .malformedEntry("ends early") }
        defer { offset += 1 }
        return input[offset]
    }

    /// A flag that must be 0 or 1.
    public mutating func flag() throws(LotLogError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw .malformedEntry("a flag byte is \(other), not 0 or 1")
        }
    }

    /// 8 bytes, big-endian.
    public mutating func uint64() throws(LotLogError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try bytes(8) { value = value << 8 | UInt64(byte) }
        return value
    }

    /// 8 bytes, big-endian two's complement.
    public mutating func int64() throws(LotLogError) -> Int64 { Int64(bitPattern: try uint64()) }

    /// 4 bytes, big-endian.
    public mutating func uint32() throws(LotLogError) -> UInt32 {
        var value: UInt32 = 0
        for byte in try bytes(4) { value = value << 8 | UInt32(byte) }
        return value
    }

    /// A presence byte, then the value when present.
    public mutating func optionalInt64() throws(LotLogError) -> Int64? {
        try flag() ? try int64() : nil
    }

    /// `count` bytes.
    public mutating func bytes(_ count: Int) throws(LotLogError) -> [UInt8] {
        guard count >= 0, input.count - offset >= count else { throw .malformedEntry("ends early") }
        defer { offset += count }
        return Array(input[offset..<offset + count])
    }

    /// A presence byte, then `count` bytes when present.
    public mutating func optionalBytes(_ count: Int) throws(LotLogError) -> [UInt8]? {
        try flag() ? try bytes(count) : nil
    }

    /// A 4-byte length, then that many bytes of UTF-8.
    public mutating func string() throws(LotLogError) -> String {
        let count = Int(try uint32())
        guard count <= Self.maximumStringBytes else { throw .malformedEntry("a string of \(count) bytes") }
        let utf8 = try bytes(count)
        guard let text = String(validating: utf8, as: UTF8.self) else { throw .malformedEntry("a string is not UTF-8") }
        return text
    }
}
