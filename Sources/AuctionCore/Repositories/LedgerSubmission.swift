/// Bids decided together on one lot, the lot changes they cause, and what the decision assumed
/// about the lot: a store shared by several nodes refuses the submission as a conflict when the
/// stored lot no longer matches.
public struct LedgerSubmission: Sendable {
    /// The bids, in acceptance order (a proxy's automatic steps follow the bid that caused them).
    public var bids: [AcceptedBid]
    /// Maximums, moved ends and purchases stored in the same transaction as `bids`.
    public var changes: [LotChange]
    /// The terms version of the lot the decision was made on (nil: not checked).
    public var terms: TermsVersion?
    /// How many of the lot's bids the deciding node knew (nil: not tracked): a conflict reports the
    /// stored bids past it, and a commit the ones between it and its own bids.
    public var knownBids: Int64?

    /// Creates a submission; without `terms` and `knownBids` only the price is checked.
    public init(bids: [AcceptedBid], changes: [LotChange] = [], terms: TermsVersion? = nil, knownBids: Int64? = nil) {
        self.bids = bids
        self.changes = changes
        self.terms = terms
        self.knownBids = knownBids
    }
}

/// The version of a lot's seller terms a decision was made on: the stored time of its last edit.
public struct TermsVersion: Hashable, Sendable {
    /// When the seller last edited the lot (nil: never edited).
    public var editedAt: Int64?

    /// Names a version.
    public init(editedAt: Int64?) {
        self.editedAt = editedAt
    }
}
