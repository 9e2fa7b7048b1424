/// Builds the log's canonical bytes: fixed-width big-endian integers, optional values behind a
/// presence byte, strings as a 4-byte length and UTF-8 (docs/PROTOCOL.md, "The lot log").
public struct CanonicalWriter: Sendable {
    /// The bytes written so far.
    public private(set) var output: [UInt8] = []

    /// An empty writer.
    public init() { output.reserveCapacity(96) }

    /// One byte.
    public mutating func byte(_ value: UInt8) { output.append(value) }

    /// A flag: 1 or 0.
    public mutating func flag(_ value: Bool) { output.append(value ? 1 : 0) }

    /// 8 bytes, big-endian.
    public mutating func uint64(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// 8 bytes, big-endian two's complement.
    public mutating func int64(_ value: Int64) { uint64(UInt64(bitPattern: value)) }

    /// 4 bytes, big-endian.
    public mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// A presence byte, then the value when present.
    public mutating func optionalInt64(_ value: Int64?) {
        flag(value != nil)
        if let value { int64(value) }
    }

    /// Bytes as they are (fixed-width fields).
    public mutating func bytes(_ value: [UInt8]) { output += value }

    /// A presence byte, then the fixed-width bytes when present.
    public mutating func optionalBytes(_ value: [UInt8]?) {
        flag(value != nil)
        if let value { bytes(value) }
    }

    /// The UTF-8 byte count (4 bytes), then the bytes.
    public mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        uint32(UInt32(clamping: utf8.count))
        output += utf8
    }
}
