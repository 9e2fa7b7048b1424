/// The stores' names from before they ran on PostgreSQL too, kept so code written against them
/// (tests, other branches) still compiles; new code uses the engine-neutral names.
public typealias SQLiteCatalogueStore = CatalogueStore
/// The account store's earlier name (see `SQLiteCatalogueStore`).
public typealias SQLiteAccountStore = AccountStore
/// The image store's earlier name (see `SQLiteCatalogueStore`).
public typealias SQLiteImageStore = ImageStore
/// The selling store's earlier name (see `SQLiteCatalogueStore`).
public typealias SQLiteSellingStore = SellingStore
/// The bidder store's earlier name (see `SQLiteCatalogueStore`).
public typealias SQLiteBidderStore = BidderStore
/// The notification store's earlier name (see `SQLiteCatalogueStore`).
typealias SQLiteNotificationStore = NotificationStore
/// The chat store's earlier name (see `SQLiteCatalogueStore`).
public typealias SQLiteChatStore = ChatStore
