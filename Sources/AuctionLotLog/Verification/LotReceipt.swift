import AuctionCore

/// A receipt a bid's reply carried: the entry the house wrote for the bid, its hash, and the signed
/// head of the commit that stored it. Kept by the bidder, checked against the log later.
public struct LotReceipt: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The entry's seq in the lot's log.
    public var seq: UInt64
    /// The entry's canonical bytes.
    public var bytes: [UInt8]
    /// The entry's hash.
    public var hash: [UInt8]
    /// The signed head of the commit that stored it (`head.seq` ≥ `seq`).
    public var head: SignedHead

    /// Creates a receipt.
    public init(lot: ProductID, seq: UInt64, bytes: [UInt8], hash: [UInt8], head: SignedHead) {
        self.lot = lot
        self.seq = seq
        self.bytes = bytes
        self.hash = hash
        self.head = head
    }

    /// The entry the receipt holds, when its bytes decode.
    public var entry: LotLogEntry? { try? LotLogEntry(canonicalBytes: bytes) }
}
