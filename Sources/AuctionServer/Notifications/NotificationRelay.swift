import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The server's notifications: the drafts for what the engine decided (who bid on what and which
/// ending-soon warnings are due is the `AuctionBook`'s to know), and the durable path from a draft
/// to its push.
///
/// Notices decided on the loop are parked in an inbox; one job on the `auction-notify` thread takes
/// everything parked and stores it in one transaction, then hands the stored notices (with ids) back
/// to the loop, which pushes them. So a notice is durable before any connection sees it, and the
/// loop never waits for the disk. HTTP reads and `seen` writes run on `auction-notices`.
///
/// Deliberately not `Sendable`: lives on the server's event-loop thread (the store, inbox and
/// workers are thread-safe themselves).
final class NotificationRelay {
    /// Reads and writes the `notifications` table (thread-safe).
    let store: NotificationStore
    /// One thread: stores notices in groups, in the order the loop decided them.
    let writer: BlockingWorkers
    /// The HTTP endpoints' reads and `seen` writes.
    let readers: BlockingWorkers
    /// How close to its end an auction must be for ending-soon notices.
    let endingSoonWindowMilliseconds: Int64
    /// How many notifications are kept per user, and how long (pruned by the writer thread).
    let retention: NotificationRetention
    /// Ending-soon notices already sent on open auctions (from the store), until the book is told.
    private var restoredEndingSoon: [(productID: ProductID, user: UserID)]
    /// The next ending-soon check.
    var timer: TimerID?
    /// Connections by the user they logged in as (checked again at delivery), so a push visits only them.
    private(set) var connectionsByUser: [UserID: Set<ConnectionID>] = [:]
    private var userByConnection: [ConnectionID: UserID] = [:]
    private let inbox = NotificationInbox()
    private let log: ServerLog

    /// Opens the store at `path` and reads the ending-soon notices already sent (`restoreEndingSoon`).
    convenience init(path: String, endingSoonWindowMilliseconds: Int64 = 300_000, retention: NotificationRetention = NotificationRetention(),
                     log: ServerLog) throws(StoreError) {
        try self.init(target: .file(path), endingSoonWindowMilliseconds: endingSoonWindowMilliseconds, retention: retention, log: log)
    }

    /// Opens the store at `target` and reads the ending-soon notices already sent (`restoreEndingSoon`).
    init(target: StoreTarget, endingSoonWindowMilliseconds: Int64 = 300_000, retention: NotificationRetention = NotificationRetention(),
         log: ServerLog) throws(StoreError) {
        store = try NotificationStore(target: target)
        do {
            restoredEndingSoon = try store.endingSoonSent()
        } catch {
            store.close()
            throw error
        }
        self.endingSoonWindowMilliseconds = endingSoonWindowMilliseconds
        self.retention = retention
        self.log = log
        writer = BlockingWorkers(name: "auction-notify", threads: 1, maximumQueued: 16)
        readers = BlockingWorkers(name: "auction-notices", threads: 1, maximumQueued: 256)
    }

    /// Tells `book` which ending-soon notices went out before a restart, so they are not repeated.
    func restoreEndingSoon(into book: inout AuctionBook) {
        for (product, user) in restoredEndingSoon { book.markEndingSoonSent(productID: product, user: user) }
        restoredEndingSoon = []
    }

    /// Parks `drafts` for the writer thread; `deliver` gets the stored notices there (hand them to the loop).
    ///
    /// When the writer cannot take the job the drafts stay parked and go with the next post. After
    /// delivering, the writer prunes the notified users' old notices (`retention`), still off the loop.
    func post(_ drafts: [NotificationDraft],
              deliver: @escaping @Sendable ([(user: UserID, notification: AuctionNotification)]) -> Void) {
        guard !drafts.isEmpty, inbox.park(drafts) else { return }
        let inbox = self.inbox, store = self.store, log = self.log, retention = self.retention
        let queued = writer.submit {
            let taken = inbox.takeAll()
            guard !taken.isEmpty else { return }
            defer {
                let now = taken.map(\.createdAt).max() ?? Timestamp(millisecondsSinceEpoch: 0)
                do {
                    try store.prune(Set(taken.map(\.user)), retention: retention, now: now)
                } catch {
                    log.error("notifications: old notices could not be pruned: \(error)")
                }
            }
            do {
                deliver(try store.insert(taken))
            } catch {
                // One bad notice (e.g. a user that no longer exists) must not sink the others: each alone.
                var stored: [(user: UserID, notification: AuctionNotification)] = []
                for draft in taken {
                    do {
                        stored += try store.insert([draft])
                    } catch {
                        log.error("notifications: a \(draft.kind.rawValue) notice for user \(draft.user) could not be stored: \(error)")
                    }
                }
                if !stored.isEmpty { deliver(stored) }
            }
        }
        if !queued { inbox.unschedule() }
    }

    /// Notes that a connection logged in as `user` (replacing whoever it was before).
    func loggedIn(_ connection: ConnectionID, as user: UserID) {
        disconnected(connection)
        userByConnection[connection] = user
        connectionsByUser[user, default: []].insert(connection)
    }

    /// Forgets a closed connection.
    func disconnected(_ connection: ConnectionID) {
        guard let user = userByConnection.removeValue(forKey: connection) else { return }
        connectionsByUser[user]?.remove(connection)
        if connectionsByUser[user]?.isEmpty == true { connectionsByUser[user] = nil }
    }

    /// Outbid notices for a committed group's `leaders` (`LeaderChange.of`): per product, everyone who led
    /// during the group but not at its end hears the product's final price.
    func outbid(_ leaders: [LeaderChange], now: Timestamp) -> [NotificationDraft] {
        leaders.flatMap { change in
            change.displaced.map { NotificationDraft(user: $0, kind: .outbid, productID: change.productID, price: change.price, createdAt: now) }
        }
    }

    /// Won and lost notices for ended auctions: the winner, and every other bidder the engine knew.
    func closed(_ closings: [AuctionClosing], now: Timestamp) -> [NotificationDraft] {
        var drafts: [NotificationDraft] = []
        for closing in closings {
            let product = closing.productID
            if let winner = closing.winner {
                drafts.append(NotificationDraft(user: winner, kind: .won, productID: product, price: closing.finalPrice,
                                                createdAt: now))
            }
            for user in closing.bidders where user != closing.winner {
                drafts.append(NotificationDraft(user: user, kind: .lost, productID: product, price: closing.finalPrice,
                                                createdAt: now))
            }
        }
        return drafts
    }

    /// The seller's notice of their ended lot: sold (it has a winner) or unsold (no bid, or none reached the reserve).
    func sold(_ closing: AuctionClosing, seller: UserID, now: Timestamp) -> [NotificationDraft] {
        [NotificationDraft(user: seller, kind: closing.isSold ? .sold : .unsold, productID: closing.productID,
                           price: closing.finalPrice, createdAt: now)]
    }

    /// Ending-soon notices for the book's warnings (`AuctionBook.endingSoon`: each bidder not leading, once).
    func endingSoon(_ warnings: [EndingSoon], now: Timestamp) -> [NotificationDraft] {
        warnings.map {
            NotificationDraft(user: $0.user, kind: .endingSoon, productID: $0.productID, price: $0.price, createdAt: now)
        }
    }

    /// Finishes the parked and queued writes and reads (their deliveries go to the loop); call off
    /// the loop, after the last post.
    func finishWrites() {
        writer.shutdown()
        readers.shutdown()
    }

    /// Closes the store (after `finishWrites`).
    func close() {
        store.close()
    }
}
