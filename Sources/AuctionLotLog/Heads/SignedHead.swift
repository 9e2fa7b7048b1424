import AuctionCore

/// A lot's head with the house's signature over the batch it was committed in: the tree's root,
/// the time and the key id are signed; the head's leaf and path lead to the root.
public struct SignedHead: Hashable, Sendable {
    /// The signed message's prefix, so a signature over log heads is never valid for anything else.
    public static let domain = Array("AUCTION-LOG-HEADS-1".utf8)

    /// The lot's head.
    public var head: LogHead
    /// When the batch was signed.
    public var signedAt: Timestamp
    /// The signing key's id (`KeyID`).
    public var keyID: [UInt8]
    /// The head's place among the batch's heads.
    public var leafIndex: Int
    /// How many heads the batch signed.
    public var leafCount: Int
    /// The hashes from the head's leaf to the root, nearest first.
    public var path: [[UInt8]]
    /// The Ed25519 signature over `signedMessage(root:)`.
    public var signature: [UInt8]

    /// Creates a signed head.
    public init(head: LogHead, signedAt: Timestamp, keyID: [UInt8], leafIndex: Int, leafCount: Int, path: [[UInt8]],
                signature: [UInt8]) {
        self.head = head
        self.signedAt = signedAt
        self.keyID = keyID
        self.leafIndex = leafIndex
        self.leafCount = leafCount
        self.path = path
        self.signature = signature
    }

    /// The bytes the house signs for a batch: the domain, the key id, the time, the count and the root.
    public static func signedMessage(keyID: [UInt8], signedAt: Timestamp, leafCount: Int, root: [UInt8]) -> [UInt8] {
        var writer = CanonicalWriter()
        writer.bytes(domain)
        writer.bytes(keyID)
        writer.int64(signedAt.millisecondsSinceEpoch)
        writer.uint32(UInt32(clamping: leafCount))
        writer.bytes(root)
        return writer.output
    }

    /// The message this head's signature must cover, from its leaf and path; nil when they do not fit.
    public var signedMessage: [UInt8]? {
        HeadTree.root(from: head.leafHash, index: leafIndex, count: leafCount, path: path).map {
            Self.signedMessage(keyID: keyID, signedAt: signedAt, leafCount: leafCount, root: $0)
        }
    }
}

/// Key ids: the first 8 bytes of SHA-256 over the raw 32-byte Ed25519 public key.
public enum KeyID {
    /// The id of `publicKey`.
    public static func of(publicKey: [UInt8]) -> [UInt8] { Array(SHA256.hash(publicKey).prefix(8)) }
}
