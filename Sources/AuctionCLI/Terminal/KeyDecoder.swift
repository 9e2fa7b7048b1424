/// Decodes raw-mode terminal input bytes into `Key`s, across reads (escape sequences and UTF-8
/// characters may arrive split).
///
/// A lone ESC stays pending because it may start a sequence; call `flushPending()` when no more
/// bytes followed within a short wait (about 50 ms) to get `.escape`.
public struct KeyDecoder: Hashable, Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// Feeds bytes; returns the keys they complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = KeyDecoder.decode(pending[index...]) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Emits whatever is pending as keys (a lone ESC becomes `.escape`); call after an input pause.
    public mutating func flushPending() -> [Key] {
        defer { pending = [] }
        guard !pending.isEmpty else { return [] }
        return pending.first == 0x1B ? [.escape] : [.other]
    }

    /// The key at the start of `bytes` and its length, or nil when more bytes are needed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x15: return (.clearLine, 1)
        case 0x01: return (.lineStart, 1)
        case 0x05: return (.lineEnd, 1)
        case 0x17: return (.deleteWordBack, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x09: return (.tab, 1)
        case 0x1B: return decodeEscape(bytes)
        case 0x00..<0x20: return (.other, 1)
        case 0x80...: return decodeUTF8(bytes)
        default: return (.character(Character(Unicode.Scalar(first))), 1)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
            return (altKey(second), second == 0x1B ? 1 : 2)
        }
        // CSI/SS3: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
        var index = start + 2
        while index < bytes.endIndex {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let length = index - start + 1
                let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
                return (key(final: byte, parameters: parameters), length)
            }
            guard (0x20...0x3F).contains(byte) else { return (.other, index - start) }
            index += 1
        }
        return bytes.count > 16 ? (.other, bytes.count) : nil
    }

    /// ESC then `byte`: how a terminal sends Alt-<key> (a second ESC is the first one alone).
    private static func altKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x1B: .escape
        case UInt8(ascii: "b"), UInt8(ascii: "B"): .wordBack
        case UInt8(ascii: "f"), UInt8(ascii: "F"): .wordForward
        case 0x7F, 0x08: .deleteWordBack
        default: .other
        }
    }

    private static func key(final: UInt8, parameters: String) -> Key {
        switch (final, parameters) {
        case (UInt8(ascii: "A"), _): .up
        case (UInt8(ascii: "B"), _): .down
        case (UInt8(ascii: "C"), _): .right
        case (UInt8(ascii: "D"), _): .left
        case (UInt8(ascii: "H"), _): .home
        case (UInt8(ascii: "F"), _): .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
        case (UInt8(ascii: "~"), "3"): .delete
        case (UInt8(ascii: "~"), "5"): .pageUp
        case (UInt8(ascii: "~"), "6"): .pageDown
        default: .other
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.other, 1)
        }
        guard bytes.count >= length else { return nil }
        let slice = bytes.prefix(length)
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (.other, 1) }
        let text = String(decoding: slice, as: UTF8.self)
        guard let character = text.first, !text.unicodeScalars.contains("\u{FFFD}") else { return (.other, length) }
        return (.character(character), length)
    }
}
