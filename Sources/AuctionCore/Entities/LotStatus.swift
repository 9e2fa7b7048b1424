/// Where a lot stands, as the server decides and states it (the wire's `status`): every view prints this one field.
public enum LotStatus: String, Hashable, Sendable, CaseIterable {
    /// Bidding is open.
    case open
    /// Bidding is open and in its last stretch (`LotStatus.endingWithin` of the end, or past it while the close is recorded).
    case ending
    /// Ended with a sale: a winning bid that met any reserve.
    case sold
    /// Ended without a sale: no bid, or the reserve not met.
    case unsold
    /// The seller withdrew the lot.
    case withdrawn
    /// A moderator removed the lot.
    case removed
    /// Someone bought it now at its buy-now price.
    case bought

    /// How close to its end an open lot is stated `ending`: five minutes, in milliseconds.
    public static let endingWithin: Int64 = 5 * 60 * 1_000

    /// Whether the lot may still take a bid (the server decides each bid; this only spares a question before one).
    public var takesBids: Bool { self == .open || self == .ending }

    /// The refusal a bid on a lot in this status meets; nil while it takes bids.
    public var refusal: RefusalReason? {
        switch self {
        case .open, .ending: nil
        case .withdrawn: .withdrawn
        case .removed: .lotRemoved
        case .sold, .unsold, .bought: .auctionClosed
        }
    }

    /// The status of an ended lot: bought now, sold (a winner, or a bid meeting any reserve), else unsold.
    public static func ended(bought: Bool, sold: Bool) -> LotStatus { bought ? .bought : sold ? .sold : .unsold }

    /// `self` at `now`: an open lot within `endingWithin` of `endsAt` (or past it, not yet closed) is `ending`.
    public func at(_ now: Timestamp, endsAt: Timestamp?) -> LotStatus {
        guard self == .open, let endsAt else { return self }
        guard now < endsAt else { return .ending }
        let left = endsAt.millisecondsSinceEpoch.subtractingReportingOverflow(now.millisecondsSinceEpoch)
        return !left.overflow && left.partialValue <= Self.endingWithin ? .ending : .open
    }
}
