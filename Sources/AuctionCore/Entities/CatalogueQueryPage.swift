/// One page of a `CatalogueQuery`'s answer: its lots and the opaque cursor of the next page.
public struct CatalogueQueryPage: Hashable, Sendable {
    /// The lots, in the query's order.
    public var products: [Product]
    /// The cursor that continues after the last lot; nil on the last page.
    public var nextCursor: String?

    /// A page.
    public init(products: [Product], nextCursor: String?) {
        self.products = products
        self.nextCursor = nextCursor
    }
}
