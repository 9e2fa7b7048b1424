import AuctionCore

/// Lots a moderator removed: whatever their bids, they end at once as removed (withdrawn from lists,
/// never announced as ended), and every later bid or buy is refused `lot_removed`. The book says first
/// what it would decide (changing nothing), then takes what the store recorded, on this node or another.
extension AuctionBook {
    /// What a removal would do now, changing nothing: `.applied` for a lot not removed or withdrawn yet
    /// (open or ended, bids or not), `.closed` when it already left the lists, `.unknownProduct`.
    public func removal(of id: ProductID) -> SellerChange {
        guard let index = indexByID[id] else { return .unknownProduct }
        return lots[index].isWithdrawn ? .closed : .applied
    }

    /// Takes a removal the store recorded: the lot is withdrawn (if it was not) and marked removed;
    /// false when the book does not know it or had it removed already.
    @discardableResult
    public mutating func adoptRemoval(_ id: ProductID) -> Bool {
        guard let index = indexByID[id], !lots[index].isRemoved else { return false }
        restoreWithdrawn([id])
        lots[index].isRemoved = true
        return true
    }
}
