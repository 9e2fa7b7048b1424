/// One page of the catalogue (15 products, ordered by id).
public struct ProductPage: Hashable, Sendable {
    /// Zero-based page number.
    public var index: Int
    /// The products on the page, ordered by id.
    public var products: [Product]

    /// Creates a page.
    public init(index: Int, products: [Product]) {
        self.index = index
        self.products = products
    }

    /// Products per page, fixed by the original backend.
    public static let size = 15
}
