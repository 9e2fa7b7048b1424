import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// Renders `auction receipts`: one row per receipt kept (lot, entry, price, time, hash, whether the
/// lot's log verified with it here), and its `--json` rows.
public enum ReceiptTable {
    /// One receipt and whether a verification on this machine covered it.
    public struct Row: Hashable, Sendable {
        /// The receipt.
        public var receipt: LotReceipt
        /// When the lot's log last verified with this receipt in it; nil when it has not.
        public var verifiedAt: Timestamp?

        /// Creates a row.
        public init(receipt: LotReceipt, verifiedAt: Timestamp?) {
            self.receipt = receipt
            self.verifiedAt = verifiedAt
        }

        /// The bid the receipt's entry records, when it is one.
        var bid: LotLogBid? {
            guard case .bid(let bid)? = receipt.entry?.event else { return nil }
            return bid
        }
    }

    /// The table as lines.
    public static func render(_ rows: [Row], width: Int?, color: Bool, clock: TimeOfDay) -> [String] {
        let header = ["LOT", "ENTRY", "PRICE", "TIME", "HASH", "VERIFIED"]
        let cells = rows.map { row -> [String] in
            [String(row.receipt.lot.rawValue), String(row.receipt.seq), row.bid.map { $0.price.description } ?? "-",
             row.receipt.entry.map { clock.dateTime($0.time) } ?? "-", VerificationText.short(row.receipt.hash) + "…",
             row.verifiedAt.map { "yes, \(clock.dateTime($0))" } ?? "not yet"]
        }
        return TextTable(header: header, cells: cells, leftAligned: [3, 5], tintedColumn: 5)
            .render(width: width, color: color) { rows[$0].verifiedAt == nil ? nil : ANSI.green }
    }

    /// `{"receipts":[{"lot","seq","price","time","hash","verified","verified_at","receipt":{…}}]}`.
    public static func json(_ rows: [Row]) -> JSONValue {
        .object(JSONObject([("receipts", .array(rows.map { row in
            .object(JSONObject([
                ("lot", .int(Int64(row.receipt.lot.rawValue))), ("seq", .int(Int64(clamping: row.receipt.seq))),
                ("price", row.bid.map { .int($0.price.minorUnits) } ?? .null),
                ("time", row.receipt.entry.map { .int($0.time.millisecondsSinceEpoch) } ?? .null),
                ("hash", .string(Hex.encode(row.receipt.hash))), ("verified", .bool(row.verifiedAt != nil)),
                ("verified_at", row.verifiedAt.map { .string(MachineTime.text($0)) } ?? .null),
            ]))
        }))]))
    }
}
