import AuctionLotLog

/// Session tokens: 256 random bits from `getrandom`, written as 43 characters of unpadded
/// base64url; the store keeps only their SHA-256 in hex.
public enum SessionToken {
    /// The number of random bytes in a token.
    public static let byteCount = 32

    /// A fresh token.
    public static func generate() throws(AccountError) -> String {
        base64URL(try SecureRandom.bytes(byteCount))
    }

    /// The hash the store keeps for a token: SHA-256 as 64 lowercase hex digits.
    public static func hash(_ token: String) -> String {
        SHA256.hexDigest(token.utf8)
    }

    /// Characters of a token's hash that name its session in revocations (64 bits).
    public static let revocationKeyLength = 16

    /// What names a session in the revocation table and in the `auction_sessions` notification: the
    /// first 16 hex digits of the token's hash. It cannot be turned back into the token (nor the hash),
    /// so it is safe to show every database user that listens; two live sessions sharing it (odds
    /// about n²/2⁶⁵) would only log the other one out early.
    public static func revocationKey(ofHash hash: String) -> String {
        String(hash.prefix(revocationKeyLength))
    }

    /// Whether a string is a revocation key: 16 lowercase hex digits (checked where a notification enters).
    public static func isRevocationKey(_ text: String) -> Bool {
        let bytes = text.utf8
        return bytes.count == revocationKeyLength && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether a string has a token's shape (43 base64url characters); cheap to check before any lookup.
    public static func isWellFormed(_ token: String) -> Bool {
        let bytes = token.utf8
        return bytes.count == 43 && bytes.allSatisfy { alphabet.contains($0) }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Unpadded base64url (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            let available = min(3, bytes.count - index)
            for position in 0...available {
                out.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3f)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
