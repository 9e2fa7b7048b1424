import AuctionCore

/// What a lot's log proved: how many entries chain up to the signed head, which receipts are in it,
/// and the lot as the replay of its entries makes it.
public struct VerificationReport: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// How many entries the log has.
    public var entryCount: UInt64
    /// The signed head the log checked against (its seq may be below `entryCount` while newer
    /// entries wait for their signature).
    public var head: LogHead
    /// When the head was signed.
    public var signedAt: Timestamp
    /// The seqs of the receipts found in the log unchanged, ascending.
    public var receiptsFound: [UInt64]
    /// The lot's state after the replay.
    public var final: ReplayedLot
    /// The seqs of bid entries by `alias` (the viewer's, when given), ascending.
    public var bidsByAlias: [UInt64]

    /// Creates a report.
    public init(lot: ProductID, entryCount: UInt64, head: LogHead, signedAt: Timestamp, receiptsFound: [UInt64],
                final: ReplayedLot, bidsByAlias: [UInt64] = []) {
        self.lot = lot
        self.entryCount = entryCount
        self.head = head
        self.signedAt = signedAt
        self.receiptsFound = receiptsFound
        self.final = final
        self.bidsByAlias = bidsByAlias
    }
}
