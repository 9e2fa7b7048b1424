/// What became of one `LedgerSubmission`: every store reports the same four outcomes.
public enum CommitOutcome<Failure: Error & Sendable>: Sendable {
    /// Stored durably.
    case committed(CommittedBids)
    /// Not stored: the lot moved (another node's bid, a close, a seller's edit) since the decision.
    /// Carries the lot as stored and the bids the node had not seen, to adopt before deciding again.
    case conflict(RemoteBids)
    /// Not stored: the bidder's idempotency key is already bound to `original` (nil: it could not be read).
    case duplicateKey(original: AcceptedBid?)
    /// Not stored: the store holds the bidder who placed it as suspended (a moderator's suspension
    /// committed first on another node, whose session notice has not arrived here yet). Only a ledger
    /// shared by several nodes answers it; on one node the suspension logs the user out first.
    case bidderSuspended(UserID)
    /// Not stored: the store could not be reached or failed.
    case unavailable(Failure)
    /// Perhaps stored: the link broke after the commit was sent, so only the store knows. Nothing may
    /// be promised either way; the lot is learnt again from the store once it answers.
    case unknown(Failure)

    /// Whether the submission was stored.
    public var isCommitted: Bool {
        if case .committed = self { return true }
        return false
    }
}

/// What a committed submission got in the store.
public struct CommittedBids: Sendable {
    /// Each bid's sequence number on its product (the product's bid count right after it), in order.
    public var sequences: [Int64]
    /// Bids of other nodes stored just before these that the deciding node had not seen (decided
    /// at the same price by chance): they are pushed first, so no sequence number is skipped.
    public var missed: RemoteBids?
    /// Each bid's receipt from the lot log, in order (empty when the store keeps no log).
    public var receipts: [BidReceipt]

    /// Creates the record of a commit.
    public init(sequences: [Int64], missed: RemoteBids? = nil, receipts: [BidReceipt] = []) {
        self.sequences = sequences
        self.missed = missed
        self.receipts = receipts
    }
}
