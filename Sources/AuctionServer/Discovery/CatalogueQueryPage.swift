import AuctionCore

/// One page of a catalogue query as the store ordered it: ids (with their sellers) and the cursor after the last.
public struct CatalogueQueryPage: Hashable, Sendable {
    /// The lots on the page, in order.
    public var ids: [ProductID]
    /// Each lot's seller name, by id.
    public var sellers: [ProductID: String]
    /// Where the next page starts; nil on the last page.
    public var next: QueryCursor?

    /// A page of `ids`.
    public init(ids: [ProductID], sellers: [ProductID: String], next: QueryCursor?) {
        self.ids = ids
        self.sellers = sellers
        self.next = next
    }
}
