/// A seller's side of the auction house: list, edit and withdraw lots, and see one's own lots.
public protocol LotRepository: Sendable {
    /// Lists a lot with its images in one request; the new lot's id.
    func list(_ listing: LotListing, images: [LotImage], token: String) async throws(LotError) -> ProductID
    /// Uploads one image for a later edit; its content hash.
    func uploadImage(_ image: LotImage, token: String) async throws(LotError) -> String
    /// Changes a listed lot (only by its seller).
    func edit(_ id: ProductID, _ edit: LotEdit, token: String) async throws(LotError)
    /// Withdraws a lot (only by its seller, only before the first bid).
    func withdraw(_ id: ProductID, token: String) async throws(LotError)
    /// The session user's lots, in the server's order.
    func mySelling(token: String) async throws(LotError) -> [SellingLot]
}
