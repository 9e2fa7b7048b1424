import AuctionBidding
import AuctionCore
import AuctionEngine

/// A bid path on a small catalogue, and helpers to read the actions it returns.
struct BidPathFixture {
    /// A commit failure as a ledger would report one.
    struct Failure: BidCommitFailure {
        var refusalReason: RefusalReason = .unavailable
        var description: String { "store gone" }
    }

    /// The sequences a node knows, kept in a dictionary (these tests run on one thread).
    final class Sequences: KnownSequences, @unchecked Sendable {
        var known: [ProductID: Int64] = [:]
        func known(of id: ProductID) -> Int64 { known[id] ?? 0 }
        func advance(_ id: ProductID) -> Int64 {
            known[id, default: 0] += 1
            return known[id]!
        }
        func raise(_ id: ProductID, to sequence: Int64) -> Int64 {
            let before = known[id] ?? 0
            known[id] = max(before, sequence)
            return before
        }
    }

    static let start = Timestamp(millisecondsSinceEpoch: 1_676_073_600_000)
    static let alice = UserID(rawValue: 1), bob = UserID(rawValue: 2)

    var path: BidPath
    let sequences = Sequences()
    var now = Self.start

    /// `lots` lots with ids 1…lots at 1,000, ending in an hour.
    init(lots: Int = 2, bidsPerSecond: Int = 100, allowsAnonymousBids: Bool = false) {
        let products = (1...lots).map { index in
            Product(id: ProductID(index), name: "lot \(index)", startPrice: 1_000, currentPrice: 1_000, lastChange: .zero,
                    direction: .unchanged, auctionDate: "2023-02-11", endsAt: Self.start.adding(milliseconds: 3_600_000))
        }
        path = BidPath(book: AuctionBook(products: products), sequences: sequences, termsVersions: [:],
                       settings: BidPath.Settings(bidsPerSecond: bidsPerSecond, keyLifetimeMilliseconds: 60_000, keysPerUser: 4,
                                                  keysInAll: 16, bidsPerParkedRead: 8, allowsAnonymousBids: allowsAnonymousBids))
    }

    /// Where connection `number`'s answers go.
    static func target(_ number: Int, completion: Int64? = nil) -> BidReplyTarget {
        BidReplyTarget(connection: ConnectionID(number), completionID: completion)
    }

    /// A logged-in user's bid from connection `connection`.
    mutating func bid(_ price: Money, on product: Int = 1, by user: UserID? = Self.alice, key: String? = nil,
                      connection: Int = 1) -> [BidAction] {
        let bid = Bid(productID: ProductID(product), price: price, idempotencyKey: key)
        return path.arrived(BidArrival(.bid(bid, claimed: nil), target: Self.target(connection), user: user, wasLoggedIn: user != nil),
                            now: now)
    }

    /// Ends the round and answers every submission with `outcome`, in one batch each.
    mutating func commit(_ outcome: CommitOutcome<Failure>) -> [BidAction] {
        path.returned(path.takeRound().map { ([$0.pending], outcome) }, now: now)
    }

    /// Commits every submission of the round as stored, each step numbered after what the node knew.
    mutating func commitAll() -> [BidAction] {
        path.returned(Self.outcomes(of: path.takeRound()), now: now)
    }

    /// One batch per submission: stored when `stores` says so (each step numbered after what the node
    /// knew and the steps stored before it on its lot), else lost (`unavailable`).
    static func outcomes(of round: [BidPath.Submission], stores: (BidPath.Submission) -> Bool = { _ in true })
        -> [([PendingBid], CommitOutcome<Failure>)] {
        var next: [ProductID: Int64] = [:]
        return round.map { submission in
            guard stores(submission) else { return ([submission.pending], .unavailable(Failure())) }
            let id = submission.pending.productID
            var sequence = next[id] ?? submission.ledger.knownBids ?? 0
            let sequences = submission.ledger.bids.map { _ in
                sequence += 1
                return sequence
            }
            next[id] = sequence
            return ([submission.pending], .committed(CommittedBids(sequences: sequences)))
        }
    }
}

/// Reading actions.
extension [BidAction] {
    /// The replies, in order: where each went and what it said.
    var replies: [(target: BidReplyTarget, answer: KeyedAnswer)] {
        compactMap { action in
            if case .reply(let target, let answer, _) = action { return (target, answer) }
            return nil
        }
    }

    /// The price changes pushed, in order.
    var pushed: [PositionedUpdate] {
        flatMap { action -> [PositionedUpdate] in
            if case .push(let updates) = action { return updates }
            return []
        }
    }

    /// The notes, in order.
    var notes: [BidNote] {
        compactMap { action in
            if case .note(let note) = action { return note }
            return nil
        }
    }

    /// Whether a round was scheduled.
    var schedulesRound: Bool {
        contains { if case .scheduleRound = $0 { return true } else { return false } }
    }

    /// The corrected prices told to the live feed.
    var corrections: [PriceUpdate] {
        compactMap { action in
            if case .correctPrice(let update) = action { return update }
            return nil
        }
    }
}
