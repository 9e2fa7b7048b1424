import AuctionCore
import AuctionLotLog

/// One store change's entries in a lot's log, inside the change's transaction: begun before the
/// change moves the lot's row (its row lock taken, then its head read and, for a lot without a log,
/// its listing as it stood), finished once the change is known to have happened.
///
/// A change that is refused never calls `finish`, so its transaction writes no entry.
struct LotLogChange {
    private var append: LotLogAppend
    /// The signer: its secrets (aliases, reserve nonces) and soft close for the events appended.
    let signer: LotLogSigner
    private let lot: ProductID

    /// Begins `lot`'s change on `database` (nil: no signer, so the store keeps no log).
    static func begin(_ lot: ProductID, signer: LotLogSigner?, on database: any StoreDatabase) throws(StoreError) -> LotLogChange? {
        guard let signer else { return nil }
        // The row lock before the head, as the ledger takes it: two nodes never chain after one head.
        try database.serialize(lock: .product(lot))
        return LotLogChange(append: try LotLogRows.start([lot], signer: signer, on: database), signer: signer, lot: lot)
    }

    /// Appends `events` at `time`, signs the lot's new head at `signedAt` and writes both.
    mutating func finish(_ events: [LotLogEvent], at time: Timestamp, signedAt: Timestamp,
                         on database: any StoreDatabase) throws(StoreError) {
        for event in events {
            append.append(event, to: lot, at: time)
        }
        guard !append.entries.isEmpty else { return }
        try LotLogRows.write(append.entries, signer.sign(append.newHeads, at: signedAt), on: database)
    }
}
