import AuctionEngine

extension BiddingSettings {
    /// The engine's soft-close rules for lots without their own.
    public var softClose: SoftClose {
        SoftClose(window: extendWindowMilliseconds, extendBy: extendByMilliseconds, maxExtensions: maximumExtensions)
    }
}

extension LotTerms {
    /// The engine's terms: a product's own soft-close columns override the server's defaults field by
    /// field, so a product that sets any of them gets its own `SoftClose` built over `defaults`.
    func auctionTerms(defaults: BiddingSettings) -> AuctionTerms {
        var softClose: SoftClose?
        if extendWindowMilliseconds != nil || extendByMilliseconds != nil || maximumExtensions != nil {
            softClose = SoftClose(
                window: extendWindowMilliseconds ?? defaults.extendWindowMilliseconds,
                extendBy: extendByMilliseconds ?? defaults.extendByMilliseconds,
                maxExtensions: maximumExtensions ?? defaults.maximumExtensions)
        }
        return AuctionTerms(reserve: reservePrice, buyNow: buyNowPrice, softClose: softClose, extensions: extensions)
    }
}
