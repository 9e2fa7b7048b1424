import AuctionCore
import AuctionInfrastructure

/// Receipts and signed heads as JSON (docs/PROTOCOL.md, "The lot log"): bytes as lowercase hex,
/// times in ms; what the server writes and the client reads back, refusing anything out of shape.
public enum BidReceiptDTO {
    /// The most path hashes a head may carry (a tree of 2^32 heads; a commit signs far fewer).
    public static let maximumPathLength = 32

    /// A receipt's JSON object.
    public static func json(_ receipt: BidReceipt) -> JSONValue {
        .object(JSONObject([
            ("lot", .int(Int64(receipt.lot.rawValue))), ("seq", .int(Int64(clamping: receipt.seq))),
            ("entry", .string(hex(receipt.entry))), ("hash", .string(hex(receipt.hash))), ("head", json(receipt.head)),
        ]))
    }

    /// A signed head's JSON object.
    public static func json(_ head: SignedHeadProof) -> JSONValue {
        .object(JSONObject([
            ("lot", .int(Int64(head.lot.rawValue))), ("seq", .int(Int64(clamping: head.seq))), ("hash", .string(hex(head.hash))),
            ("signed_at", .int(head.signedAt)), ("key_id", .string(hex(head.keyID))),
            ("leaf_index", .int(Int64(head.leafIndex))), ("leaf_count", .int(Int64(head.leafCount))),
            ("path", .array(head.path.map { .string(hex($0)) })), ("signature", .string(hex(head.signature))),
        ]))
    }

    /// A receipt from its JSON object; nil when a field is missing or out of shape.
    public static func receipt(_ value: JSONValue) -> BidReceipt? {
        guard let lot = value["lot"]?.intValue, lot >= 1, lot <= Int64(Int32.max),
              let seq = value["seq"]?.intValue, seq >= 1,
              let entry = bytes(value["entry"], maximum: 4_096), let hash = bytes(value["hash"], exactly: 32),
              let headValue = value["head"], let head = head(headValue) else { return nil }
        return BidReceipt(lot: ProductID(Int(lot)), seq: UInt64(seq), entry: entry, hash: hash, head: head)
    }

    /// A signed head from its JSON object; nil when a field is missing or out of shape.
    public static func head(_ value: JSONValue) -> SignedHeadProof? {
        guard let lot = value["lot"]?.intValue, lot >= 1, lot <= Int64(Int32.max),
              let seq = value["seq"]?.intValue, seq >= 1, let hash = bytes(value["hash"], exactly: 32),
              let signedAt = value["signed_at"]?.intValue, let keyID = bytes(value["key_id"], exactly: 8),
              let index = value["leaf_index"]?.intValue, let count = value["leaf_count"]?.intValue,
              count >= 1, count <= Int64(UInt32.max), index >= 0, index < count,
              let pathValues = value["path"]?.arrayValue, pathValues.count <= maximumPathLength,
              let signature = bytes(value["signature"], exactly: 64) else { return nil }
        var path: [[UInt8]] = []
        for element in pathValues {
            guard let node = bytes(element, exactly: 32) else { return nil }
            path.append(node)
        }
        return SignedHeadProof(lot: ProductID(Int(lot)), seq: UInt64(seq), hash: hash, signedAt: signedAt, keyID: keyID,
                               leafIndex: Int(index), leafCount: Int(count), path: path, signature: signature)
    }

    /// Lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of a hex string of exactly `exactly` bytes (or at most `maximum`).
    private static func bytes(_ value: JSONValue?, exactly: Int? = nil, maximum: Int = 64) -> [UInt8]? {
        guard let text = value?.stringValue, text.utf8.count % 2 == 0, text.utf8.count <= 2 * max(maximum, exactly ?? 0) else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for digit in text.utf8 {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        if let exactly, bytes.count != exactly { return nil }
        return bytes
    }
}
