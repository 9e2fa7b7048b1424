/// The house's proof that it accepted a bid: the bid's entry in its lot's log (canonical bytes and
/// hash) and the signed head of the commit that stored it, as bytes the lot log's verifier reads.
public struct BidReceipt: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The entry's seq in the lot's log.
    public var seq: UInt64
    /// The entry's canonical bytes.
    public var entry: [UInt8]
    /// The entry's hash in the lot's chain.
    public var hash: [UInt8]
    /// The signed head of the commit that stored it.
    public var head: SignedHeadProof

    /// Creates a receipt.
    public init(lot: ProductID, seq: UInt64, entry: [UInt8], hash: [UInt8], head: SignedHeadProof) {
        self.lot = lot
        self.seq = seq
        self.entry = entry
        self.hash = hash
        self.head = head
    }
}

/// A lot's head as signed in one commit: where the log stood, and the proof that the house's key
/// signed it (the batch tree's path to the signed root).
public struct SignedHeadProof: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The seq of the lot's last entry in that commit.
    public var seq: UInt64
    /// That entry's hash.
    public var hash: [UInt8]
    /// When the commit was signed (ms since the epoch).
    public var signedAt: Int64
    /// The signing key's id.
    public var keyID: [UInt8]
    /// The head's place among the commit's heads.
    public var leafIndex: Int
    /// How many heads the commit signed.
    public var leafCount: Int
    /// Sibling hashes from the head's leaf to the root, nearest first.
    public var path: [[UInt8]]
    /// The Ed25519 signature.
    public var signature: [UInt8]

    /// Creates a signed head.
    public init(lot: ProductID, seq: UInt64, hash: [UInt8], signedAt: Int64, keyID: [UInt8], leafIndex: Int, leafCount: Int,
                path: [[UInt8]], signature: [UInt8]) {
        self.lot = lot
        self.seq = seq
        self.hash = hash
        self.signedAt = signedAt
        self.keyID = keyID
        self.leafIndex = leafIndex
        self.leafCount = leafCount
        self.path = path
        self.signature = signature
    }
}
