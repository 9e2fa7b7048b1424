/// `bytea` in PostgreSQL's hex text form (`\x0a1b…`), as results return it.
enum PostgresBytes {
    /// The bytes of a `\x…` hex text; other text (the old escape form) is returned as its raw bytes.
    static func decodeHex(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index + 1 < text.count {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { break }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
