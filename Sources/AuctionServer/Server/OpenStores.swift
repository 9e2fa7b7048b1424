/// The stores a server's `open` opened, for the parts it starts after them (each is noted in
/// `StartedParts` as it opens, so this holds no duty to close anything).
struct OpenStores {
    /// The SQLite file's path, or the shared store's target without its password.
    var path: String
    var catalogue: CatalogueStore
    var ledger: any CountingBidLedger
    /// Signs the lot logs' heads; the stores that append to logs share it.
    var logSigner: LotLogSigner
    /// On PostgreSQL: who records closes (one node at a time).
    var closingDuty: PostgresClosingDuty?
    var chat: ChatRelay
    var notifications: NotificationRelay
    var bidder: BidderStore
    var selling: SellingStore
    var images: ImageStore
}
