import AuctionCore

/// The house's secret for a log's private parts: per-lot bidder aliases and reserve nonces are
/// HMACs under it, so they are stable and checkable later but unlinkable without it.
public struct LotSecrets: Sendable {
    private let secret: [UInt8]

    /// Secrets from the house's 32 random bytes (stored with the catalogue, shared by a cluster).
    public init(secret: [UInt8]) { self.secret = secret }

    /// `user`'s alias on `lot`: 8 bytes of HMAC(HMAC(secret, "lot" ‖ lot), user); `nobody` for no user.
    public func alias(of user: UserID?, on lot: ProductID) -> LotAlias {
        guard let user else { return .nobody }
        var message = CanonicalWriter()
        message.int64(user.rawValue)
        let tag = HMACSHA256.tag(key: lotKey(lot, purpose: "lot"), message: message.output)
        return LotAlias(bytes: Array(tag.prefix(8))) ?? .nobody
    }

    /// The nonce of `lot`'s reserve commitment for terms version `version` (its edit time, 0 if never edited).
    public func reserveNonce(on lot: ProductID, version: Int64) -> [UInt8] {
        var message = CanonicalWriter()
        message.int64(version)
        return Array(HMACSHA256.tag(key: lotKey(lot, purpose: "reserve"), message: message.output).prefix(16))
    }

    private func lotKey(_ lot: ProductID, purpose: String) -> [UInt8] {
        var message = CanonicalWriter()
        message.bytes(Array(purpose.utf8))
        message.uint64(UInt64(clamping: lot.rawValue))
        return HMACSHA256.tag(key: secret, message: message.output)
    }
}
