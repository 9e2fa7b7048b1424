import AuctionCore
import AuctionInfrastructure
import AuctionLotLog
import Glibc

/// The last head each lot's log verified at on this machine, next to the receipts
/// (`receipts/verified/LOT.json`), so `auction show` and `auction receipts` can say so.
public struct VerifiedHeads: Hashable, Sendable {
    /// One lot's last verification.
    public struct Record: Hashable, Sendable {
        /// The lot.
        public var lot: ProductID
        /// The head it verified at.
        public var seq: UInt64
        /// That head's hash.
        public var hash: [UInt8]
        /// How many entries the log had.
        public var entries: UInt64
        /// When it verified (wall clock).
        public var verifiedAt: Timestamp

        /// Creates a record.
        public init(lot: ProductID, seq: UInt64, hash: [UInt8], entries: UInt64, verifiedAt: Timestamp) {
            self.lot = lot
            self.seq = seq
            self.hash = hash
            self.entries = entries
            self.verifiedAt = verifiedAt
        }
    }

    /// The folder of records.
    public var directory: String

    /// The records beside `receipts`' files.
    public init(beside receipts: ReceiptStore) { directory = receipts.directory + "/verified" }

    /// Records that `lot` verified (replacing the previous record).
    public func save(_ record: Record) throws(PrivateFileError) {
        try PrivateFile.makeDirectory(directory)
        let json: JSONValue = .object(JSONObject([
            ("lot", .int(Int64(record.lot.rawValue))), ("seq", .int(Int64(clamping: record.seq))), ("hash", .string(Hex.encode(record.hash))),
            ("entries", .int(Int64(clamping: record.entries))), ("verified_at", .int(record.verifiedAt.millisecondsSinceEpoch)),
        ]))
        try PrivateFile.replace(path(of: record.lot), with: json.serialized() + [10])
    }

    /// Forgets `lot`'s verification (its log failed since): `show` must not keep saying it verified.
    public func remove(_ lot: ProductID) {
        _ = path(of: lot).withCString { unlink($0) }
    }

    /// `lot`'s last verification, or nil when it never verified here (or the record does not read).
    public func record(for lot: ProductID) -> Record? {
        guard let bytes = try? PrivateFile.read(path(of: lot), limit: 4_096), let json = try? JSONValue.parse(bytes),
              json["lot"]?.intValue == Int64(lot.rawValue), let seq = json["seq"]?.intValue, seq >= 0,
              let hex = json["hash"]?.stringValue, let hash = Hex.decode(hex), hash.count == 32,
              let entries = json["entries"]?.intValue, entries >= 0, let at = json["verified_at"]?.intValue else { return nil }
        return Record(lot: lot, seq: UInt64(seq), hash: hash, entries: UInt64(entries), verifiedAt: Timestamp(millisecondsSinceEpoch: at))
    }

    private func path(of lot: ProductID) -> String { "\(directory)/\(lot.rawValue).json" }
}
