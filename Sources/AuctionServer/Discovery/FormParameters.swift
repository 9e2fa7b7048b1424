/// An `application/x-www-form-urlencoded` query string (`a=1&b=two%20words`), decoded: `+` is a
/// space, `%XX` a byte, the result must be UTF-8. Names repeat at most once.
public struct FormParameters: Hashable, Sendable {
    /// The decoded pairs by name.
    public private(set) var values: [String: String] = [:]

    /// Decodes `query`; nil when a name repeats, a `%` escape is broken or the bytes are not UTF-8.
    public init?(_ query: String) {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty,
                  let value = Self.decode(parts.count > 1 ? parts[1] : ""),
                  values[name] == nil else { return nil }
            values[name] = value
        }
    }

    /// The value named `name`, if present.
    public subscript(_ name: String) -> String? { values[name] }

    private static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
