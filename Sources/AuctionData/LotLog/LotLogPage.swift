import AuctionCore
import AuctionLotLog

/// One page of `GET /products/{id}/log`: entries after some seq, the lot's current signed head and,
/// with a bearer token, the viewer's alias on the lot.
public struct LotLogPage: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The page's entries, as served.
    public var entries: [ServedEntry]
    /// The `after` of the next page; nil on the last.
    public var nextAfter: UInt64?
    /// The lot's current signed head (nil: the lot has no log yet, or the server sent none).
    public var head: SignedHead?
    /// The viewer's alias on the lot (`your_alias`), when logged in.
    public var yourAlias: LotAlias?

    /// Creates a page.
    public init(lot: ProductID, entries: [ServedEntry], nextAfter: UInt64?, head: SignedHead?, yourAlias: LotAlias? = nil) {
        self.lot = lot
        self.entries = entries
        self.nextAfter = nextAfter
        self.head = head
        self.yourAlias = yourAlias
    }
}
