/// Loads catalogue pages: one, a range, or all of them until the end.
public struct LoadCatalogue: Sendable {
    private let products: any ProductRepository

    /// Creates the use case over a product repository.
    public init(products: any ProductRepository) { self.products = products }

    /// The pages from `first` up to `first + count - 1`, stopping early at the end of the catalogue.
    public func pages(from first: Int, count: Int) async throws(AuctionError) -> [ProductPage] {
        var loaded: [ProductPage] = []
        var index = first
        while loaded.count < count, let page = try await products.page(index) {
            loaded.append(page)
            if page.products.count < ProductPage.size { break }
            index += 1
        }
        return loaded
    }

    /// Every page until the catalogue ends.
    public func all() async throws(AuctionError) -> [ProductPage] {
        try await pages(from: 0, count: Int.max)
    }
}
