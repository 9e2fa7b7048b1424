import AuctionCore

/// Where a keyset page starts: the last row's sort key and id under one sort, as opaque
/// base64url text (`next_cursor`). Never an offset, so rows moving elsewhere skip nothing here.
public struct QueryCursor: Hashable, Sendable {
    /// The sort the key belongs to.
    public var sort: CatalogueQuery.Sort
    /// The last row's sort key (a rank's `Double` travels as its bit pattern).
    public var key: Int64
    /// The last row's id.
    public var id: Int64

    /// A cursor after the row with `key` and `id`.
    public init(sort: CatalogueQuery.Sort, key: Int64, id: Int64) {
        self.sort = sort
        self.key = key
        self.id = id
    }

    /// The text handed to clients.
    public var encoded: String {
        SessionToken.base64URL(Array("1.\(sort.rawValue).\(key).\(id)".utf8))
    }

    /// Reads `encoded` text; nil for anything this server did not hand out.
    public init?(encoded text: String) {
        guard text.utf8.count <= 96, let bytes = Self.decodeBase64URL(text),
              let plain = String(validating: bytes, as: UTF8.self) else { return nil }
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "1", let sort = CatalogueQuery.Sort(rawValue: String(parts[1])),
              let key = Int64(parts[2]), let id = Int64(parts[3]), id >= 0 else { return nil }
        self.init(sort: sort, key: key, id: id)
    }

    private static func decodeBase64URL(_ text: String) -> [UInt8]? {
        var bits: UInt32 = 0, count = 0
        var out: [UInt8] = []
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8((bits >> UInt32(count)) & 0xff))
            }
        }
        return out
    }
}
