import AuctionCore

/// One of the house's signing keys as `GET /log/keys` lists it, with the span it vouches for.
public struct HouseKey: Hashable, Sendable {
    /// The key's id as listed (checked against `KeyID.of(publicKey:)`).
    public var keyID: [UInt8]
    /// The raw 32-byte Ed25519 public key.
    public var publicKey: [UInt8]
    /// The earliest `signed_at` it may sign.
    public var validFrom: Timestamp
    /// The latest `signed_at` it may sign; nil for the current key.
    public var validUntil: Timestamp?

    /// Creates a key entry.
    public init(keyID: [UInt8], publicKey: [UInt8], validFrom: Timestamp, validUntil: Timestamp? = nil) {
        self.keyID = keyID
        self.publicKey = publicKey
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// A key entry whose id is computed from the public key.
    public init(publicKey: [UInt8], validFrom: Timestamp, validUntil: Timestamp? = nil) {
        self.init(keyID: KeyID.of(publicKey: publicKey), publicKey: publicKey, validFrom: validFrom, validUntil: validUntil)
    }

    /// Whether the key vouches for a head signed at `time` (both ends included, so a head signed at
    /// the moment of a rotation checks with either key).
    public func covers(_ time: Timestamp) -> Bool {
        time >= validFrom && validUntil.map { time <= $0 } != false
    }
}
