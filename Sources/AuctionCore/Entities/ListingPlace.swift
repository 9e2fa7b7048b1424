/// Where a newly listed lot goes among the lots a client has loaded, as the server ordered them
/// (push 9's `after`): first, or right after another lot.
public enum ListingPlace: Hashable, Sendable {
    /// Before every other lot on the pages.
    case first
    /// Right after this lot.
    case after(ProductID)
}
