import AuctionCore
import AuctionEngine

/// How the selling routes reach the running auction: the live catalogue and the book on the event loop.
public struct SellingHooks: Sendable {
    /// Answers a seller's change once the loop has decided it (any thread).
    public typealias Decided = @Sendable (AuctionBook.SellerChange) -> Void

    /// A stored lot (with its seller's name, id and terms) joins the live catalogue and the book; push 9 `listed`.
    public var listed: @Sendable (Product, SaleListing, String, UserID) -> Void
    /// Decides a withdrawal on the loop (the lot leaves lists and bids at once when applied), then answers.
    public var withdraw: @Sendable (ProductID, @escaping Decided) -> Void
    /// Decides an edit's terms on the loop, then answers.
    public var amend: @Sendable (ProductID, SaleEdit, @escaping Decided) -> Void
    /// A stored edit reaches the live catalogue; push 9 `edited`.
    public var edited: @Sendable (ProductID, SaleEdit) -> Void
    /// The product as the catalogue shows it now.
    public var product: @Sendable (ProductID) -> Product?

    /// Hooks from closures.
    public init(listed: @escaping @Sendable (Product, SaleListing, String, UserID) -> Void,
                withdraw: @escaping @Sendable (ProductID, @escaping Decided) -> Void,
                amend: @escaping @Sendable (ProductID, SaleEdit, @escaping Decided) -> Void,
                edited: @escaping @Sendable (ProductID, SaleEdit) -> Void,
                product: @escaping @Sendable (ProductID) -> Product?) {
        self.listed = listed
        self.withdraw = withdraw
        self.amend = amend
        self.edited = edited
        self.product = product
    }
}
