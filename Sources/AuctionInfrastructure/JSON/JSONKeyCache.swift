/// Remembers recently read short ASCII member names so that repeated keys cost no `String` construction.
///
/// Frames of one connection repeat the same few keys (`product_id`, `product_price`, …); a decoder keeps one
/// cache for its lifetime. Purely an optimisation: results are identical with or without it.
struct JSONKeyCache {
    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = -1
        var key = ""
    }

    private static let slotCount = 64
    private var slots = [Slot](repeating: Slot(), count: slotCount)

    init() {}

    /// The key for `length` ASCII bytes at `start` (at most 16, no escapes), from the cache or newly made.
    mutating func key(at start: UnsafePointer<UInt8>, length: Int) -> String {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<min(length, 8) { low |= UInt64(start[offset]) << (8 * UInt64(offset)) }
        if length > 8 {
            for offset in 8..<length { high |= UInt64(start[offset]) << (8 * UInt64(offset - 8)) }
        }
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
        let index = Int(truncatingIfNeeded: mixed >> 58)
        // Hits (the usual case) only read, which skips the array's uniqueness check on every lookup.
        let hit = slots.withUnsafeBufferPointer { slots -> String? in
            let slot = slots[index]
            return slot.length == length && slot.low == low && slot.high == high ? slot.key : nil
        }
        if let hit { return hit }
        let key = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        slots[index] = Slot(low: low, high: high, length: length, key: key)
        return key
    }
}
