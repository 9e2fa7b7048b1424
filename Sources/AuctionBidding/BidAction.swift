import AuctionCore
import AuctionEngine

/// What the bid path asks its shell to do, in order: every decision is made already, the shell only
/// carries it out (writes frames, hands work to the ledger, tells the live catalogue, logs).
public enum BidAction: Sendable {
    /// Answer a request with `answer`, and the reply fields `fields` describes.
    case reply(BidReplyTarget, KeyedAnswer, BidReplyFields)
    /// Count an answer in the refusal metrics (nil: accepted).
    case meter(RefusalReason?)
    /// Hand this round's decisions to the ledger once the loop has handled the round's input (`BidPath.takeRound`).
    case scheduleRound
    /// Push one group of price changes to the watchers of their pages, then to the live feed.
    case push([PositionedUpdate])
    /// Tell the live feed a corrected price (watchers hold the last committed one already).
    case correctPrice(PriceUpdate)
    /// Tell the live catalogue that `lot` changed, with how many bids it gained.
    case lotChanged(AuctionLot, addedBids: Int)
    /// Push another node's moved end of `lot` to its page's watchers (push 7).
    case endMoved(AuctionLot, endsAt: Timestamp)
    /// Announce a committed decision's change of `lot` (its extension, its sale) and tell the live catalogue.
    case announce(PendingBid, lot: AuctionLot, position: Int)
    /// A batch is durable: outbid notices, the leaders' standing pushes, reply metrics.
    case committed([PendingBid])
    /// Push standing to the user who led `lot` before another node's bids were adopted, and to its new leader.
    case standingAdopted(AuctionLot, leaderBefore: UserID?)
    /// Bids another node committed, newly known here, oldest first (told to the lot's chat room).
    case otherNodesBids([AcceptedBid])
    /// Close every auction due now (a lot ended while its bids were committing).
    case runClosings
    /// Log out every connection of a user the store holds suspended.
    case logOut(UserID)
    /// Run the moderator's change that waited for its lot's bids in flight (`BidPath.checkRetraction`).
    case runSettled(SettledChange)
    /// Something worth a log line.
    case note(BidNote)
}

/// A price change and the list position of its lot (what pushes are filtered by).
public struct PositionedUpdate: Sendable, Equatable {
    /// The change, with its seq.
    public var update: PriceUpdate
    /// The lot's list position.
    public var position: Int

    /// `update` on the lot at `position`.
    public init(_ update: PriceUpdate, position: Int) {
        self.update = update
        self.position = position
    }
}

/// The fields a reply carries beside `result`, `reason` and `price`, as the book had them when it answered.
public enum BidReplyFields: Sendable {
    /// None.
    case none
    /// A decision's: its result (next minimum, leading, maximum, proxy price), the lot's increment and
    /// end, and the lot log's receipts of the bidder's own stored steps (empty before a commit).
    case outcome(BidDecision, bidder: UserID?, minimumIncrement: Money?, endsAt: Timestamp?, receipts: [BidReceipt])
    /// The lot's next minimum, for a request refused before the book decided (nil: unknown or closed lot).
    case minimum(Money?)
    /// The connection's suspension (its reason and end).
    case suspension
}

/// A moderator's change parked until its lot's bids in flight come back, named for the shell that keeps it.
public struct SettledChange: Hashable, Sendable {
    /// The change's number, unique on this bid path.
    public var number: Int
    /// The lot it changes.
    public var productID: ProductID
}

/// What the bid path reports for the log; the shell words it.
public enum BidNote: Sendable, Equatable {
    /// A connection bid as another user than it is logged in as.
    case userMismatch(ConnectionID, claimed: UserID)
    /// A connection bids faster than allowed.
    case rateLimited(ConnectionID)
    /// A retry waits for its original's commit.
    case keyWaits(UserID)
    /// A user holds as many idempotency keys as allowed.
    case keysFull(UserID)
    /// A user reused an idempotency key for another request.
    case keyReused(UserID)
    /// A lot was bought now.
    case bought(ProductID, price: Money)
    /// A lot still conflicts after `attempts` decisions.
    case stillConflicts(ProductID, attempts: Int)
    /// A lot moved on another node: the request is decided again.
    case decidingAgain(ProductID, storedPrice: Money)
    /// Decisions could not be stored and were undone.
    case undone(count: Int, error: String)
    /// Decisions may or may not be stored: the link broke after COMMIT was sent.
    case outcomeUnknown(count: Int, error: String)
    /// A commit came right after other nodes' bids not seen here, pushed first.
    case missedBids(ProductID, count: Int)
    /// Another node's bids were adopted.
    case adopted(ProductID, count: Int, sequence: Int64)
}
