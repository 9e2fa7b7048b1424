import AuctionCore

/// Where one lot's log stands: its last entry's seq and hash. A signature covers a batch of them.
public struct LogHead: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The seq of the lot's last entry.
    public var seq: UInt64
    /// That entry's hash.
    public var hash: [UInt8]

    /// Creates a head.
    public init(lot: ProductID, seq: UInt64, hash: [UInt8]) {
        self.lot = lot
        self.seq = seq
        self.hash = hash
    }

    /// The head's leaf in the batch's tree: SHA-256 over 0x00, lot, seq and hash.
    public var leafHash: [UInt8] {
        var writer = CanonicalWriter()
        writer.byte(0)
        writer.uint64(UInt64(clamping: lot.rawValue))
        writer.uint64(seq)
        writer.bytes(hash)
        return SHA256.hash(writer.output)
    }
}
