/// One page of a `CatalogueQuery`'s answer: its lots and the opaque cursor of the next page.
public struct CatalogueQueryPage: Hashable, Sendable {
    /// The lots, in the query's order.
    public var products: [Product]
    /// The cursor that continues after the last lot; nil on the last page.
    public var nextCursor: String?
    /// How many lots the query matches in all, as the server counted them (its first page's `total`);
    /// nil when it did not say (a search, a later page, an older server).
    public var total: Int?

    /// A page.
    public init(products: [Product], nextCursor: String?, total: Int? = nil) {
        self.products = products
        self.nextCursor = nextCursor
        self.total = total
    }
}
