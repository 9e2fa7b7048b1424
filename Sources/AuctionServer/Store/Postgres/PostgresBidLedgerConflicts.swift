import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// What the PostgreSQL ledger found when it refused a submission, kept for the bid path: the
/// stored state of a lot another node moved (to refresh the book and decide again), and the
/// original bid of an idempotency key already used (to answer a retry with it).
///
/// Written by the writer thread before the failed completion runs; read by the loop.
final class PostgresBidLedgerConflicts: Sendable {
    private struct State {
        var lots: [ProductID: LotRefresh] = [:]
        var originals: [KeyedBid: AcceptedBid] = [:]
        var sequences: [AcceptedBid: Int64] = [:]
        var reads: [AcceptedBid: RemoteBids] = [:]
        var missed: [AcceptedBid: RemoteBids] = [:]
        var known: ProductSequences?
        var ownLast: [ProductID: Int64] = [:]
        var versions: [ProductID: Int64] = [:]
        var pins: [AcceptedBid: TermsPin] = [:]
    }

    /// The terms version a submission was decided on (nil: the lot was never edited).
    struct TermsPin: Hashable {
        var version: Int64?
    }

    private struct KeyedBid: Hashable {
        var user: UserID
        var key: String
    }

    private let state = Mutex(State())

    /// Keeps a lot's stored state (replacing an older one).
    func keep(_ lot: LotRefresh) {
        state.withLock { $0.lots[lot.productID] = lot }
    }

    /// Keeps what a submission's conflict read, under its first bid (the bid path takes it by that
    /// bid), and the lot's state for `lot(_:)`. Bounded like the kept sequences.
    func keep(_ read: RemoteBids, for submission: AcceptedBid) {
        state.withLock { state in
            if state.reads.count > 100_000 { state.reads.removeAll() }
            state.reads[submission] = read
            state.lots[read.lot.productID] = read.lot
        }
    }

    /// Takes what the conflict of the submission whose first bid is `submission` read, once.
    func takeRead(of submission: AcceptedBid) -> RemoteBids? {
        state.withLock { $0.reads.removeValue(forKey: submission) }
    }

    /// Keeps the bids of other nodes a committed submission came after without its node having seen
    /// them, under its first bid. Bounded like the kept sequences.
    func keep(missed read: RemoteBids, for submission: AcceptedBid) {
        state.withLock { state in
            if state.missed.count > 100_000 { state.missed.removeAll() }
            state.missed[submission] = read
        }
    }

    /// Takes the bids a committed submission (named by its first bid) came after unseen, once.
    func takeMissed(of submission: AcceptedBid) -> RemoteBids? {
        state.withLock { $0.missed.removeValue(forKey: submission) }
    }

    /// Follows the node's known sequences: a conflict reads only the bids past them.
    func follow(_ sequences: ProductSequences) {
        state.withLock { $0.known = sequences }
    }

    /// The last `seq` the node knows of a product (0 when not followed: the newest bids are read).
    func known(of id: ProductID) -> Int64 {
        state.withLock { $0.known }?.known(of: id) ?? 0
    }

    /// Keeps the bid a user's key is bound to.
    func keep(_ original: AcceptedBid, user: UserID, key: String) {
        state.withLock { $0.originals[KeyedBid(user: user, key: key)] = original }
    }

    /// The stored state kept for a product, if any (kept: every later conflict replaces it first).
    func lot(_ productID: ProductID) -> LotRefresh? {
        state.withLock { $0.lots[productID] }
    }

    /// Keeps the `seq` committed bids got (after COMMIT, before their completions run). Bounded:
    /// beyond 100,000 not taken (nobody asks), the oldest are forgotten.
    func keep(sequences: [(AcceptedBid, Int64)]) {
        guard !sequences.isEmpty else { return }
        state.withLock { state in
            if state.sequences.count > 100_000 { state.sequences.removeAll() }
            for (bid, sequence) in sequences {
                state.sequences[bid] = sequence
                state.ownLast[bid.productID] = max(state.ownLast[bid.productID] ?? 0, sequence)
            }
        }
    }

    /// The terms versions the node's book holds, as read at start (products never edited are absent).
    func start(versions: [ProductID: Int64]) {
        state.withLock { $0.versions = versions }
    }

    /// Notes that the node's book took a lot's terms at `version` (nil: never edited).
    func adopted(version: Int64?, of id: ProductID) {
        state.withLock { $0.versions[id] = version }
    }

    /// The terms version the node's book holds for a product.
    func version(of id: ProductID) -> Int64? {
        state.withLock { $0.versions[id] }
    }

    /// Pins the terms version the book holds now to a submission (named by its first bid): its
    /// commit is a conflict if the stored version differs. Bounded like the kept sequences.
    func pin(_ submission: AcceptedBid) {
        state.withLock { state in
            if state.pins.count > 100_000 { state.pins.removeAll() }
            state.pins[submission] = TermsPin(version: state.versions[submission.productID])
        }
    }

    /// Takes a submission's pin (nil: not pinned, its terms are not checked).
    func takePin(of submission: AcceptedBid) -> TermsPin? {
        state.withLock { $0.pins.removeValue(forKey: submission) }
    }

    /// Whether the bid numbered `count` on a product is one this ledger committed (its last one there).
    func isOwnLast(_ count: Int64, of id: ProductID) -> Bool {
        count > 0 && state.withLock { $0.ownLast[id] } == count
    }

    /// Whether a lot's stored bids are all known to the node: it follows the node's sequences
    /// (`follow`) and knows `count` bids of the product; true when not followed (no such check).
    func knowsAll(_ count: Int64, of id: ProductID) -> Bool {
        guard let known = state.withLock({ $0.known }) else { return true }
        return count <= known.known(of: id)
    }

    /// Takes the `seq` a committed bid got, if kept.
    func takeSequence(of bid: AcceptedBid) -> Int64? {
        state.withLock { $0.sequences.removeValue(forKey: bid) }
    }

    /// Takes the original bid kept for a user's key, if any.
    func takeOriginal(user: UserID, key: String) -> AcceptedBid? {
        state.withLock { $0.originals.removeValue(forKey: KeyedBid(user: user, key: key)) }
    }

    /// A product's stored state: its row, its latest bid's bidder and that bidder's maximum.
    static func storedLot(_ productID: ProductID, on database: PostgresConnection) throws(StoreError) -> LotRefresh {
        let id = SQLiteValue.integer(Int64(productID.rawValue))
        let lots = try database.query("""
            SELECT current_price, last_change, last_change_at, bid_count, ends_at, extensions,
                   closed_at IS NOT NULL OR withdrawn_at IS NOT NULL, bought_at IS NOT NULL,
                   (SELECT user_id FROM bids WHERE product_id = products.id ORDER BY seq DESC, id DESC LIMIT 1)
            FROM products WHERE id = ?
            """, [id]) { row -> LotRefresh in
                LotRefresh(
                    productID: productID, price: Money(row.int64(0)), lastChange: Money(row.int64(1)),
                    lastChangeAt: Timestamp(millisecondsSinceEpoch: row.int64(2)),
                    leader: row.optionalInt64(8).map(UserID.init(rawValue:)), bidCount: Int(row.int64(3)),
                    endsAt: row.optionalInt64(4).map(Timestamp.init(millisecondsSinceEpoch:)),
                    extensions: Int(row.int64(5)), isClosed: row.text(6) == "t", isBought: row.text(7) == "t")
            }
        guard var lot = lots.first else {
            throw StoreError.unexpectedValue(path: database.target, detail: "no product \(productID.rawValue)")
        }
        if let leader = lot.leader {
            lot.leaderMaximum = try database.scalarInteger(
                "SELECT maximum FROM proxy_maximums WHERE product_id = ? AND user_id = ?", [id, .integer(leader.rawValue)]
            ).map { Money($0) }
        }
        return lot
    }

    /// The bid a user's idempotency key is bound to, if any.
    static func keyedBid(user: UserID, key: String, on database: PostgresConnection) throws(StoreError) -> AcceptedBid? {
        try database.query("""
            SELECT product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key
            FROM bids WHERE user_id = ? AND idempotency_key = ? ORDER BY id LIMIT 1
            """, [.integer(user.rawValue), .text(key)]) { PostgresBidLedger.bid(from: $0) }.first
    }
}
