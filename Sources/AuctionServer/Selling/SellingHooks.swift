import AuctionCore
import AuctionEngine

/// How the selling routes reach the running auction: the live catalogue and the book on the event
/// loop. The book decides a change against every bid it holds (in flight too) and holds the lot's
/// bids while the store writes it conditionally (other nodes' bids); the book then takes what the store wrote.
public struct SellingHooks: Sendable {
    /// Answers a check once the loop has looked (any thread).
    public typealias Decided = @Sendable (AuctionBook.SellerChange) -> Void

    /// A lot was stored: it (and any stored lot below it this node does not know yet) joins the live
    /// catalogue and the book in id order before this returns; push 9 `listed`.
    public var listed: @Sendable (ProductID) -> Void
    /// What the book says to a withdrawal (on the loop), then answers; `.applied` holds the lot's bids until `release`.
    public var checkWithdrawal: @Sendable (ProductID, @escaping Decided) -> Void
    /// What the book says to an edit (on the loop), then answers; `.applied` holds the lot's bids until `release`.
    public var checkEdit: @Sendable (ProductID, SaleEdit, @escaping Decided) -> Void
    /// Ends the hold an `.applied` check took, once the store has answered: the bids that waited are decided.
    public var release: @Sendable (ProductID) -> Void
    /// Runs the store's withdrawal (true when written); when written the lot leaves lists and the book; push 9 `withdrawn`.
    public var withdraw: @Sendable (ProductID, () -> Bool) -> Void
    /// Runs the store's edit (true when written); when written the book and the catalogue take it; push 9 `edited`.
    public var edit: @Sendable (ProductID, SaleEdit, () -> Bool) -> Void
    /// The product as the catalogue shows it now.
    public var product: @Sendable (ProductID) -> Product?

    /// Hooks from closures.
    public init(listed: @escaping @Sendable (ProductID) -> Void,
                checkWithdrawal: @escaping @Sendable (ProductID, @escaping Decided) -> Void,
                checkEdit: @escaping @Sendable (ProductID, SaleEdit, @escaping Decided) -> Void,
                release: @escaping @Sendable (ProductID) -> Void,
                withdraw: @escaping @Sendable (ProductID, () -> Bool) -> Void,
                edit: @escaping @Sendable (ProductID, SaleEdit, () -> Bool) -> Void,
                product: @escaping @Sendable (ProductID) -> Product?) {
        self.listed = listed
        self.checkWithdrawal = checkWithdrawal
        self.checkEdit = checkEdit
        self.release = release
        self.withdraw = withdraw
        self.edit = edit
        self.product = product
    }
}
