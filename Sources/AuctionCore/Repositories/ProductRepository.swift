/// Reads the catalogue (the original backend serves it over HTTP).
public protocol ProductRepository: Sendable {
    /// Page `index` (zero-based) of the catalogue, or nil once past the last page.
    func page(_ index: Int) async throws(AuctionError) -> ProductPage?
    /// One product in full.
    func detail(of id: ProductID) async throws(AuctionError) -> ProductDetail
    /// The bytes of an image (PNG).
    func image(_ imageID: Int) async throws(AuctionError) -> [UInt8]
}
