/// A seller changed the catalogue while the client had the lot's page loaded (push 9): a lot was
/// listed onto the pages, edited, or withdrawn from every list.
public enum CatalogueChange: Hashable, Sendable {
    /// A new lot (or one an edit made match the query) joins the loaded pages; `place` when the server said where.
    case listed(Product, place: ListingPlace?)
    /// A lot's name, description, images or terms changed: its line shows the new state.
    case edited(Product)
    /// A lot was withdrawn by its seller: it leaves every list.
    case withdrawn(ProductID)
    /// A moderator removed a lot (for `reason`): it leaves every list.
    case removed(ProductID, reason: String)
}
