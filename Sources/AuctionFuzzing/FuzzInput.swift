/// Reads typed values from fuzz input bytes, front to back; once the bytes run out every read is zero,
/// so any input (from libFuzzer or a generator) is a valid program for a target.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Wraps the input.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether bytes remain.
    public var hasMore: Bool { offset < bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next eight bytes, little-endian (missing bytes read as zero).
    public mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return value
    }

    /// A number in `0 ..< bound` (bound at least 1) from one byte.
    public mutating func small(_ bound: Int) -> Int { Int(byte()) % max(1, bound) }

    /// An amount that is often a boundary: one of `Int64`'s ends, 2^53 and its neighbours, zero,
    /// small values, or the next eight bytes as they are.
    public mutating func edgyInt64() -> Int64 {
        let pick = byte()
        switch pick % 16 {
        case 0: return Int64.max
        case 1: return Int64.min
        case 2: return Int64.max - Int64(byte())
        case 3: return Int64.min + Int64(byte())
        case 4: return 9_007_199_254_740_991 + Int64(Int8(bitPattern: byte()))
        case 5: return 0
        case 6: return Int64(Int8(bitPattern: byte()))
        case 7: return 1_000_000_000_000_000 + Int64(Int8(bitPattern: byte()))
        case 8, 9, 10: return Int64(byte()) * 500 + 10_000
        default: return Int64(bitPattern: uint64())
        }
    }
}
