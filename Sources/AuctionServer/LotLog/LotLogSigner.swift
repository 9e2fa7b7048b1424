import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// What every store that appends to lot logs shares: the house's signing key, its alias secret and
/// the soft-close defaults the log states for lots without their own.
public final class LotLogSigner: Sendable {
    /// The Ed25519 key that signs heads.
    public let key: Ed25519PrivateKey
    /// The key's id (`KeyID`).
    public let keyID: [UInt8]
    /// Aliases and reserve nonces.
    public let secrets: LotSecrets
    /// The server's soft close, written into the terms of lots without their own.
    public let softClose: SoftClose
    /// Aliases already worked out (two HMACs each), by lot and user; emptied when it holds 65,536.
    private let aliases = Mutex<[AliasKey: LotAlias]>([:])

    /// Creates a signer.
    public init(key: Ed25519PrivateKey, secret: [UInt8], softClose: SoftClose) {
        self.key = key
        keyID = KeyID.of(publicKey: key.publicKey)
        secrets = LotSecrets(secret: secret)
        self.softClose = softClose
    }

    /// `user`'s alias on `lot` (cached).
    public func alias(of user: UserID?, on lot: ProductID) -> LotAlias {
        guard let user else { return .nobody }
        let key = AliasKey(lot: lot, user: user)
        if let known = aliases.withLock({ $0[key] }) { return known }
        let alias = secrets.alias(of: user, on: lot)
        aliases.withLock { cache in
            if cache.count >= 65_536 { cache.removeAll(keepingCapacity: true) }
            cache[key] = alias
        }
        return alias
    }

    private struct AliasKey: Hashable {
        var lot: ProductID
        var user: UserID
    }

    /// Signs `heads` now and returns the signature (what one commit costs, for `auction-bench lotlog`).
    public func signForBench(_ heads: [LogHead]) -> [UInt8] { sign(heads, at: Timestamp(millisecondsSinceEpoch: 0)).signature }

    /// Signs a commit's heads at `time`; every head's path comes from the same pass as the root.
    func sign(_ heads: [LogHead], at time: Timestamp) -> SignedCommit {
        let leaves = heads.map(\.leafHash)
        let (root, paths) = HeadTree.rootAndPaths(leaves)
        let message = SignedHead.signedMessage(keyID: keyID, signedAt: time, leafCount: heads.count, root: root)
        return SignedCommit(heads: heads, signedAt: time, keyID: keyID, signature: key.signature(of: message), leaves: leaves, paths: paths)
    }
}

/// The heads one commit signed, with the signature: what `log_signatures` keeps and each receipt's head.
struct SignedCommit: Sendable {
    /// The heads, in the commit's order (the tree's leaves).
    var heads: [LogHead]
    /// When it was signed.
    var signedAt: Timestamp
    /// The key's id.
    var keyID: [UInt8]
    /// The signature over the tree's root.
    var signature: [UInt8]
    /// The heads' leaf hashes, in order (worked out once for every receipt's path).
    private(set) var leaves: [[UInt8]]
    /// Each head's path, from the signing pass (nil for a commit read back: each proof works its own out).
    private let paths: [[[UInt8]]]?
    /// Each lot's place among the heads.
    private let places: [ProductID: Int]

    /// A commit's signature over `heads` (their leaves worked out here when not given).
    init(heads: [LogHead], signedAt: Timestamp, keyID: [UInt8], signature: [UInt8], leaves: [[UInt8]]? = nil,
         paths: [[[UInt8]]]? = nil) {
        self.heads = heads
        self.signedAt = signedAt
        self.keyID = keyID
        self.signature = signature
        self.leaves = leaves ?? heads.map(\.leafHash)
        self.paths = paths
        var places: [ProductID: Int] = [:]
        for (index, head) in heads.enumerated() where places[head.lot] == nil { places[head.lot] = index }
        self.places = places
    }

    /// The heads as stored: lot (8 bytes), seq (8) and hash (32) each.
    var leavesBlob: [UInt8] {
        var writer = CanonicalWriter()
        for head in heads {
            writer.uint64(UInt64(clamping: head.lot.rawValue))
            writer.uint64(head.seq)
            writer.bytes(head.hash)
        }
        return writer.output
    }

    /// The heads a `leavesBlob` holds (nil when it is not whole 48-byte heads).
    static func heads(fromBlob blob: [UInt8]) -> [LogHead]? {
        guard blob.count % 48 == 0 else { return nil }
        var reader = CanonicalReader(blob)
        var heads: [LogHead] = []
        while !reader.isAtEnd {
            guard let lot = try? reader.uint64(), let seq = try? reader.uint64(), let hash = try? reader.bytes(32) else { return nil }
            heads.append(LogHead(lot: ProductID(Int(clamping: lot)), seq: seq, hash: hash))
        }
        return heads
    }

    /// `lot`'s signed head in this commit (nil when the commit did not touch it).
    func proof(for lot: ProductID) -> SignedHeadProof? {
        guard let index = places[lot] else { return nil }
        let head = heads[index]
        return SignedHeadProof(lot: lot, seq: head.seq, hash: head.hash, signedAt: signedAt.millisecondsSinceEpoch, keyID: keyID,
                               leafIndex: index, leafCount: heads.count, path: paths?[index] ?? HeadTree.path(leaves[...], index: index),
                               signature: signature)
    }
}
