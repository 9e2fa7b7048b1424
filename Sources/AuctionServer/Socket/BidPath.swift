import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The bid path's own state (loop thread) behind a narrow API: the book that decides bids, each
/// connection's bid rate, the idempotency keys' answers, the lots held for sellers' changes, the
/// decisions between their decision and their commit, the seq known per product and the terms
/// version each decision is pinned to. `SocketService+Bids`, `+Conflicts`, `+Keys`, `+Selling` and
/// `+Cluster` decide, record and adopt through its methods; the book is read-only outside.
///
/// Every method that changes a part lives in this file (its parts are `private`); `BidPath+Commits`,
/// `BidPath+Sellers` and `BidPath+Adoption` hold what only reads them.
final class BidPath {
    /// Every lot's state and the decisions on it (changed only through this type's methods).
    private(set) var book: AuctionBook
    /// Bids per second per connection.
    private var limiter: RateLimiter<ConnectionID>
    /// Recent bids' and buys' answers by idempotency key (`SocketService+Keys`).
    private var idempotency: SocketService.KeyTable
    /// Lots held while a seller's change is stored, and the bids waiting on them (`SellerHolds`).
    private var sellerHolds = SellerHolds()
    /// The decisions of this round and those awaiting their commit (`BidCommits`).
    private var commits = BidCommits()
    /// Accepted bids known per product: every price push carries the product's count as `seq`
    /// (shared with the cluster listener, which skips what the node knows).
    let sequences: ProductSequences
    /// The terms version (`edited_at`) the book holds per lot (absent: never edited): each decision is
    /// submitted pinned to it, so a seller's edit on another node since makes its commit a conflict.
    private(set) var termsVersions: [ProductID: Int64]

    /// Where the ledger's writer thread parks commit results for the loop.
    var inbox: CommitInbox { commits.inbox }
    /// Decisions whose commit has not come back yet.
    var commitsInFlight: Int { commits.inFlight }
    /// Whether a retraction waits for its lot's bids in flight to come back.
    var hasSettlingChanges: Bool { !sellerHolds.settling.isEmpty }

    /// A bid path deciding on `book`, from the counts and terms versions read at start, with the
    /// rate and key bounds of `configuration`; `timesDecisions` stamps each decision's time (metrics on).
    init(book: AuctionBook, sequences: ProductSequences, termsVersions: [ProductID: Int64], configuration: ServerConfiguration,
         timesDecisions: Bool = false) {
        self.book = book
        self.sequences = sequences
        self.termsVersions = termsVersions
        limiter = RateLimiter(configuration: .perSecond(max(1, configuration.limits.bidsPerSecond)))
        idempotency = IdempotencyKeys(
            lifetimeMilliseconds: configuration.bidding.idempotencyLifetimeMilliseconds,
            perUser: configuration.bidding.idempotencyKeysPerUser, inAll: configuration.bidding.idempotencyKeysInAll)
        commits.timesDecisions = timesDecisions
    }

    /// Stamps each later decision with the time it was made (`PendingBid.decidedAt`), for metrics.
    func timeDecisions() {
        commits.timesDecisions = true
    }

    /// Forgets a closed connection's bid rate.
    func forget(_ id: ConnectionID) {
        limiter.forget(id)
    }

    /// `admission`'s login and rate checks of a bid or buy from `connection` (a bid that passes takes a rate token).
    func admit(_ admission: BidAdmission, connection: ConnectionID, user: UserID?, wasLoggedIn: Bool, claimed: UserID?,
               now: Timestamp) -> BidAdmission.Decision {
        admission.decide(connection: connection, user: user, wasLoggedIn: wasLoggedIn, claimed: claimed, limiter: &limiter, now: now)
    }

    // MARK: Idempotency keys

    /// Remembers the accepted keyed bids of the last 24 h found in the store at start.
    func restoreKeys(_ bids: [AcceptedBid]) {
        for bid in bids.reversed() {
            guard let key = bid.idempotencyKey, let bidder = bid.bidder else { continue }
            let request = SocketService.KeyedRequest(isPurchase: nil, productID: bid.productID)
            _ = idempotency.settle(SocketService.KeyTable.Key(user: bidder, key: key), request: request,
                                   answer: SocketService.KeyedAnswer(result: true, reason: nil, price: bid.price), now: bid.acceptedAt)
        }
    }

    /// Looks `key` up for a request answered at `waiter`: new, waiting for the original, answered, or refused.
    func beginKey(_ key: SocketService.IdempotencyKey, waiter: SocketService.ReplyTarget, now: Timestamp) -> SocketService.KeyTable.Begin {
        idempotency.begin(key.name, request: key.request, waiter: waiter, now: now)
    }

    /// Records `key`'s answer; the retries that waited for it.
    func settleKey(_ key: SocketService.IdempotencyKey, _ answer: SocketService.KeyedAnswer, now: Timestamp) -> [SocketService.ReplyTarget] {
        idempotency.settle(key.name, request: key.request, answer: answer, now: now)
    }

    /// Forgets `key`, whose request stored nothing; the retries that waited for it.
    func abandonKey(_ key: SocketService.IdempotencyKey) -> [SocketService.ReplyTarget] {
        idempotency.abandon(key.name)
    }

    // MARK: Decisions and their commits

    /// Decides a bid on the book (`attempts`: decided again after conflicts): the decision with the lot
    /// changes stored alongside, to answer or queue.
    func decide(_ bid: Bid, bidder: UserID?, now: Timestamp, target: SocketService.ReplyTarget?,
                key: SocketService.IdempotencyKey?, attempts: Int) -> PendingBid {
        let decision = book.decide(bid, bidder: bidder, now: now)
        return PendingBid(productID: bid.productID, decision: decision, changes: Self.lotChanges(of: decision, on: bid.productID),
                          bidder: bidder, target: target, key: key, request: bid, attempts: attempts)
    }

    /// Decides a buy on the book, its steps carrying the request's key.
    func decideBuy(_ productID: ProductID, buyer: UserID?, now: Timestamp, target: SocketService.ReplyTarget?,
                   key: SocketService.IdempotencyKey?, attempts: Int) -> PendingBid {
        var decision = book.buyNow(productID: productID, buyer: buyer, now: now)
        if let key {
            for index in decision.steps.indices { decision.steps[index].idempotencyKey = key.key }
        }
        let changes: [LotChange] = decision.isAccepted ? [.bought(productID, at: now)] : []
        return PendingBid(productID: productID, decision: decision, changes: changes, bidder: buyer, target: target,
                          key: key, isPurchase: true, attempts: attempts)
    }

    /// Queues a decision for this round's commit; true when it is the round's first (schedule the submit).
    func queue(_ pending: PendingBid) -> Bool {
        commits.add(pending)
    }

    /// Takes the decisions made this round (empty when there are none).
    func takeRound() -> [PendingBid] {
        commits.takeRound()
    }

    /// A group back from the ledger: no longer in flight; when `committed`, the book confirms each decision.
    func returned(_ batch: [PendingBid], committed: Bool) {
        commits.finished(batch.count)
        guard committed else { return }
        for item in batch { book.confirm(item.decision) }
    }

    /// Undoes decisions the store did not take, newest first: the book's corrections.
    @discardableResult
    func undo(_ batch: [PendingBid]) -> [PriceUpdate] {
        batch.reversed().flatMap { book.revert($0.decision) }
    }

    // MARK: What the store and other nodes wrote

    /// Adopts another node's read of a lot: the bids new here (with their seqs), counted known; the book
    /// takes the stored state and pins later decisions to its terms version. Nil when nothing is new.
    func adopt(_ remote: RemoteBids) -> RemoteAdoption? {
        let id = remote.lot.productID
        let known = sequences.known(of: id)
        guard remote.bidCount > known else { return nil }
        let fresh = remote.bids.filter { $0.sequence > known }
        sequences.raise(id, to: remote.bidCount)
        guard let adoption = book.adopt(remote.lot, bids: fresh.map(\.bid)), let lot = book.lot(for: id) else { return nil }
        if let terms = remote.lot.terms { termsVersions[id] = terms.version }
        return RemoteAdoption(lot: lot, position: adoption.position, movedEnd: adoption.movedEnd, fresh: fresh,
                              added: remote.bidCount - known)
    }

    /// Catches the book up with a conflict's read of lot `id` (after `adopt`), as `ConflictRecovery` plans.
    func recover(_ id: ProductID, from read: RemoteBids, attempts: Int) -> ConflictCatchUp {
        let plan = ConflictRecovery.plan(read: read.lot, readBidCount: read.bidCount, known: sequences.known(of: id),
                                         bookVersion: termsVersions[id], hasUncommittedBids: hasUncommittedBids(id),
                                         attempts: attempts)
        var catchUp = ConflictCatchUp(decidesAgain: plan.decidesAgain)
        switch plan.update {
        case .refresh(let lot): catchUp.correction = book.refresh(lot)
        case .terms(let terms): book.adoptTerms(terms, of: id)
        case .none: break
        }
        if plan.termsChanged {
            termsVersions[id] = read.lot.terms?.version
            catchUp.changedLot = book.lot(for: id)
        }
        return catchUp
    }

    /// Closes the lots whose close another node recorded; a lot the book closed already is closed again
    /// from the record unless `isAnnounced` says its close was announced.
    func adoptCloses(_ closes: [RemoteClose], isAnnounced: (ProductID) -> Bool) -> [AuctionClosing] {
        closes.compactMap { close in
            book.adoptClose(close.productID, finalPrice: close.finalPrice, winner: close.winner, endedAt: close.closedAt)
                ?? (isAnnounced(close.productID) ? nil
                    : book.closing(ofClosed: close.productID, finalPrice: close.finalPrice, winner: close.winner, endedAt: close.closedAt))
        }
    }

    /// Closes every auction due at `now`.
    func closeDue(now: Timestamp) -> [AuctionClosing] {
        book.closeDue(now: now)
    }

    /// The ending-soon notices due for `productID` (every lot: nil) within `window` ms, each marked sent.
    func endingSoon(of productID: ProductID? = nil, now: Timestamp, within window: Int64) -> [EndingSoon] {
        guard let productID else { return book.endingSoon(now: now, within: window) }
        return book.endingSoon(of: productID, now: now, within: window)
    }

    // MARK: Sellers' and moderators' changes

    /// Lists a product (with its seller); its list position, or nil when its id is not above every other.
    func list(_ product: Product, terms: AuctionTerms, seller: UserID?) -> Int? {
        guard let position = book.list(product, terms: terms) else { return nil }
        if let seller { book.assignSellers([product.id: seller]) }
        return position
    }

    /// Lists a lot the store holds withdrawn, silently withdrawn; false when the book did not take it.
    func listWithdrawn(_ lot: StoredLot, terms: AuctionTerms) -> Bool {
        guard list(lot.product, terms: terms, seller: lot.sellerID) != nil else { return false }
        _ = book.adoptWithdrawal(lot.product.id)
        return true
    }

    /// Closes a lot from its stored close; true when the book had not closed it.
    func adoptClose(_ close: RemoteClose) -> Bool {
        book.adoptClose(close.productID, finalPrice: close.finalPrice, winner: close.winner, endedAt: close.closedAt) != nil
    }

    /// Withdraws a lot the store recorded withdrawn; its list position, or nil when nothing changed.
    func adoptWithdrawal(_ id: ProductID) -> Int? {
        book.adoptWithdrawal(id) ? book.position(of: id) : nil
    }

    /// Removes a lot a moderator removed; its list position, or nil when nothing changed.
    func adoptRemoval(_ id: ProductID) -> Int? {
        book.adoptRemoval(id) ? book.position(of: id) : nil
    }

    /// Takes the terms the store recorded for a lot (nil: unchanged); false when the book did not change them
    /// (`onlyWhenChanged`: nor when it holds them already).
    func adoptSellerTerms(_ id: ProductID, _ terms: SaleEdit, onlyWhenChanged: Bool) -> Bool {
        if onlyWhenChanged, holds(terms, on: id) { return false }
        return book.adoptSellerTerms(id, startPrice: terms.startPrice, endsAt: terms.endsAt, minimumIncrement: terms.minimumIncrement,
                                     reserve: terms.reserve, buyNow: terms.buyNow)
    }

    /// Whether `id` is held for a seller's change; if so `request` waits and runs (with the time
    /// then) once the change is stored or refused.
    func waitsForSellerChange(_ id: ProductID, _ request: @escaping (Timestamp) -> Void) -> Bool {
        sellerHolds.park(id, request)
    }

    /// `change`, holding the lot's bids when it would apply (sellers' and moderators' changes alike).
    func holding(_ id: ProductID, _ change: AuctionBook.SellerChange) -> AuctionBook.SellerChange {
        if change == .applied { sellerHolds.hold(id) }
        return change
    }

    /// What the book says to a retraction on lot `id` now: `.applied` (open) holds the lot's bids, and
    /// `decided` runs once the bids already in flight there have come back from the ledger, so the store
    /// reprices a lot whose every bid it holds; otherwise `decided` runs at once (loop thread).
    func checkRetraction(_ id: ProductID, decided: @escaping (AuctionBook.SellerChange) -> Void) {
        guard let lot = book.lot(for: id) else { return decided(.unknownProduct) }
        guard !lot.isClosed, !lot.isBought else { return decided(.closed) }
        sellerHolds.hold(id)
        sellerHolds.whenSettled(id, isSettled: !lot.hasUncommittedBids) { decided(.applied) }
    }

    /// The retractions whose lots' bids have all come back from the ledger, to run now.
    func takeSettledChanges() -> [() -> Void] {
        sellerHolds.takeSettled { !hasUncommittedBids($0) }
    }

    /// Ends one hold of lot `id`; the requests that waited, to run now in arrival order when it was the last.
    func releaseSellerHold(_ id: ProductID) -> [(Timestamp) -> Void] {
        sellerHolds.release(id)
    }
}
