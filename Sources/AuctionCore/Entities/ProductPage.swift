/// One page of the catalogue (15 products, ordered by id).
public struct ProductPage: Hashable, Sendable {
    /// Zero-based page number.
    public var index: Int
    /// The products on the page, ordered by id.
    public var products: [Product]
    /// How many products the catalogue's pages hold in all, as the server said (`X-Total-Count`, ours);
    /// nil when it did not (the original backend).
    public var total: Int?

    /// Creates a page.
    public init(index: Int, products: [Product], total: Int? = nil) {
        self.index = index
        self.products = products
        self.total = total
    }

    /// Products per page, fixed by the original backend.
    public static let size = 15
}
