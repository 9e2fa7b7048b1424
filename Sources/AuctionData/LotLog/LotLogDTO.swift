import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// The lot log's JSON (docs/PROTOCOL.md, "The lot log"): pages of `GET /products/{id}/log`, signed
/// heads, `GET /log/keys` and receipts, read range-checked (hex of the right lengths, seqs from 1)
/// and written in the same shapes. What the values prove is `LotLogVerifier`'s to check.
public enum LotLogDTO {
    /// The most entries one page may hold (the server's maximum `limit`).
    public static let maximumPageEntries = 1_000
    /// The longest entry read, in bytes (a header, terms and two strings of at most 1,024 bytes).
    public static let maximumEntryBytes = 4_096

    /// Reads a page; nil when a member is missing, of the wrong type or out of range.
    public static func page(from body: [UInt8]) -> LotLogPage? {
        guard let json = try? JSONValue.parse(body), let lot = productID(json["lot"]),
              let rows = json["entries"]?.arrayValue, rows.count <= maximumPageEntries else { return nil }
        let head: SignedHead?
        switch json["head"] {
        case nil, .null?: head = nil
        case let value?: guard let signed = self.head(from: value) else { return nil }; head = signed
        }
        var entries: [ServedEntry] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            guard let seq = seq(row["seq"]), let bytes = hex(row["entry"], maximum: maximumEntryBytes),
                  let hash = hex(row["hash"], count: 32) else { return nil }
            entries.append(ServedEntry(seq: seq, bytes: bytes, hash: hash))
        }
        let next: UInt64?
        switch json["next_after"] {
        case nil, .null?: next = nil
        case let value?: guard let after = seq(value) else { return nil }; next = after
        }
        let alias: LotAlias?
        switch json["your_alias"] {
        case nil, .null?: alias = nil
        case let value?: guard let text = value.stringValue, let parsed = LotAlias(hex: text) else { return nil }; alias = parsed
        }
        return LotLogPage(lot: lot, entries: entries, nextAfter: next, head: head, yourAlias: alias)
    }

    /// A page as the server writes it (tests, stubs).
    public static func pageJSON(_ page: LotLogPage, kinds: [UInt64: String] = [:]) -> JSONValue {
        let rows: [JSONValue] = page.entries.map { entry in
            let kind = kinds[entry.seq] ?? (try? LotLogEntry(canonicalBytes: entry.bytes))?.event.kindName ?? "unknown"
            return .object(JSONObject([("seq", .int(Int64(clamping: entry.seq))), ("kind", .string(kind)),
                                       ("entry", .string(Hex.encode(entry.bytes))), ("hash", .string(Hex.encode(entry.hash)))]))
        }
        var members: [(String, JSONValue)] = [("lot", .int(Int64(page.lot.rawValue))), ("entries", .array(rows)),
                                              ("next_after", page.nextAfter.map { .int(Int64(clamping: $0)) } ?? .null),
                                              ("head", page.head.map(headJSON) ?? .null)]
        if let alias = page.yourAlias { members.append(("your_alias", .string(alias.description))) }
        return .object(JSONObject(members))
    }

    /// Reads a signed head; nil when it is not that shape (`BidReceiptDTO`, the one reader of heads).
    public static func head(from json: JSONValue) -> SignedHead? { BidReceiptDTO.head(json).map(SignedHead.init) }

    /// A signed head as the wire carries it.
    public static func headJSON(_ head: SignedHead) -> JSONValue { BidReceiptDTO.json(head.proof) }

    /// Reads `{"keys":[…]}`; nil when it is not that shape.
    public static func keys(from body: [UInt8]) -> [HouseKey]? {
        guard let json = try? JSONValue.parse(body), let rows = json["keys"]?.arrayValue, rows.count <= 1_000 else { return nil }
        var keys: [HouseKey] = []
        for row in rows {
            guard let id = hex(row["key_id"], count: 8), let key = hex(row["public_key"], count: 32),
                  let from = row["valid_from"]?.intValue else { return nil }
            let until: Timestamp?
            switch row["valid_until"] {
            case nil, .null?: until = nil
            case let value?: guard let time = value.intValue else { return nil }; until = Timestamp(millisecondsSinceEpoch: time)
            }
            keys.append(HouseKey(keyID: id, publicKey: key, validFrom: Timestamp(millisecondsSinceEpoch: from), validUntil: until))
        }
        return keys
    }

    /// `{"keys":[…]}`.
    public static func keysJSON(_ keys: [HouseKey]) -> JSONValue {
        .object(JSONObject([("keys", .array(keys.map { key in
            .object(JSONObject([("key_id", .string(Hex.encode(key.keyID))), ("public_key", .string(Hex.encode(key.publicKey))),
                                ("valid_from", .int(key.validFrom.millisecondsSinceEpoch)),
                                ("valid_until", key.validUntil.map { .int($0.millisecondsSinceEpoch) } ?? .null)]))
        }))]))
    }

    /// Reads one receipt `{"lot","seq","entry","hash","head"}`; nil when it is not that shape (`BidReceiptDTO`).
    public static func receipt(from json: JSONValue) -> LotReceipt? { BidReceiptDTO.receipt(json).map(LotReceipt.init) }

    /// A receipt as the wire (and the receipt store) carries it.
    public static func receiptJSON(_ receipt: LotReceipt) -> JSONValue { BidReceiptDTO.json(receipt.bidReceipt) }

    /// Reads a reply's `receipts` array; nil when absent, or when an element is not a receipt.
    public static func receipts(from json: JSONValue?) -> [LotReceipt]? {
        guard let rows = json?.arrayValue, rows.count <= maximumPageEntries else { return nil }
        var receipts: [LotReceipt] = []
        for row in rows {
            guard let receipt = receipt(from: row) else { return nil }
            receipts.append(receipt)
        }
        return receipts
    }

    private static func productID(_ json: JSONValue?) -> ProductID? {
        guard let id = json?.intValue, BidderDTO.productIDs.contains(id) else { return nil }
        return ProductID(Int(id))
    }

    private static func seq(_ json: JSONValue?) -> UInt64? {
        guard let value = json?.intValue, value >= 0 else { return nil }
        return UInt64(value)
    }

    private static func hex(_ json: JSONValue?, count: Int) -> [UInt8]? {
        guard let text = json?.stringValue, text.utf8.count == count * 2 else { return nil }
        return Hex.decode(text)
    }

    private static func hex(_ json: JSONValue?, maximum: Int) -> [UInt8]? {
        guard let text = json?.stringValue, text.utf8.count <= maximum * 2 else { return nil }
        return Hex.decode(text)
    }
}
