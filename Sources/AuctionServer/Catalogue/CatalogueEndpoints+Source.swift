import AuctionCore

extension CatalogueEndpoints {
    /// What the catalogue endpoints serve, read synchronously so a server answers without the
    /// Swift concurrency pool (on its event loop, or on threads it dedicates with `Offload`).
    public protocol Source: Sendable {
        /// Page `index` (15 products), or nil past the last page.
        func page(_ index: Int) throws(AuctionError) -> ProductPage?
        /// A product in full; `.notFound` for an unknown id.
        func detail(of id: ProductID) throws(AuctionError) -> ProductDetail
        /// An image's PNG bytes; `.notFound` for an unknown image.
        func image(_ imageID: Int) throws(AuctionError) -> [UInt8]
        /// How many bids a product has (`bid_count`); nil when the source does not count them.
        func bidCount(of id: ProductID) -> Int?
        /// How many products the pages list in all (`X-Total-Count` on `alllist`); nil when the source does not say.
        func listedCount() -> Int?
        /// The seller's name (`seller`); nil when the source does not know it.
        func seller(of id: ProductID) -> String?
        /// Whether the seller withdrew the product (its detail says `"withdrawn": true`; lists hide it).
        func isWithdrawn(_ id: ProductID) -> Bool
        /// A moderator's reason when one removed the product (its detail says `"removed_reason"`), else nil.
        func removedReason(of id: ProductID) -> String?
    }

    /// Runs a job on some other thread; false when it cannot take it now (the route answers 503).
    public typealias Offload = @Sendable (_ job: @escaping @Sendable () -> Void) -> Bool
}
