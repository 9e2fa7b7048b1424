import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The push fan-out's own state (loop thread): who watches what (`WatcherRegistry`), which connections
/// follow a catalogue query (`QueryListings`), the last seq pushed per product (`PushedSequences`),
/// the write-deadline sweep's timer and the fan-out figures (pushes, push groups, connections
/// visited, connections dropped for lag). `SocketService+Output` sends through it; list states and
/// query offers change through its methods only.
///
/// A class, so that a fan-out walking `watchers` may note figures or forget a connection from inside
/// its visit (each stored property is its own access, as it was on the socket service).
final class PushFanOut {
    /// Who watches which list pages, products and query results (changed through the methods below).
    private(set) var watchers: WatcherRegistry
    /// Connections following a query (request 13) and the query re-runs in flight (`SocketService+QueryListings`).
    private var queryListings = QueryListings()
    /// The loop the write-deadline check runs on.
    private let loop: EventLoop
    /// The next write-deadline check; nil when none is scheduled.
    private var stallTimer: TimerID?
    /// What price pushes have cost since the start.
    private(set) var statistics = FanOutStatistics()
    /// The last seq pushed per product: no push repeats or lowers it.
    private var pushedSequences = PushedSequences()

    /// An empty fan-out on `loop` whose connections each watch at most `maximumSubscriptions` products.
    init(loop: EventLoop, maximumSubscriptions: Int) {
        self.loop = loop
        var configuration = WatcherRegistry.Configuration()
        configuration.maximumSubscriptionsPerConnection = maximumSubscriptions
        watchers = WatcherRegistry(configuration: configuration)
    }

    /// Forgets a closed connection: what it watched and the query it followed.
    func forget(_ id: ConnectionID) {
        watchers.remove(id)
        queryListings.stopFollowing(id)
    }

    /// Runs `check` once after `delay` ms (the write-deadline sweep; one is set at a time).
    func scheduleStallCheck(afterMilliseconds delay: Int64, _ check: @escaping () -> Void) {
        stallTimer = loop.scheduleOnLoop(afterMilliseconds: delay) { [weak self] in
            self?.stallTimer = nil
            check()
        }
    }

    /// Cancels the write-deadline check, if set.
    func cancelStallCheck() {
        if let stallTimer { loop.cancel(stallTimer) }
        stallTimer = nil
    }

    /// The pushes whose seq rises above what was sent for their product, in order; records them.
    func admit(_ pushes: [(PriceUpdate, Int)]) -> [(PriceUpdate, Int)] {
        pushedSequences.admit(pushes)
    }

    /// Notes pushes handed to connections one by one.
    func delivered(_ pushes: Int) {
        statistics.pushes += pushes
    }

    /// Notes one push group: the connections its fan-out visited and the pushes it handed out.
    func pushedGroup(visited: Int, delivered pushes: Int) {
        statistics.groups += 1
        statistics.connectionsVisited += visited
        statistics.pushes += pushes
    }

    /// Notes a connection dropped for lagging.
    func droppedForLag() {
        statistics.disconnectedForLag += 1
    }
}

/// The fan-out's list states: pages, subscriptions and query results each connection watches, and
/// the lots offered to query-following connections (`SocketService+QueryListings` runs the queries).
extension PushFanOut {
    /// Takes a plain list state (request 1): `connection` watches the pages it loaded and no query; false when refused.
    func showPages(stateNumber: Int, productCount: Int, for connection: ConnectionID) -> Bool {
        let accepted = watchers.report(stateNumber: stateNumber, productCount: productCount, for: connection)
        queryListings.stopFollowing(connection)  // plain pages replace a query state
        return accepted
    }

    /// Subscribes `connection` to `ids`; false when it would pass its subscription bound.
    func subscribe(_ ids: some Collection<ProductID>, for connection: ConnectionID) -> Bool {
        watchers.subscribe(ids, for: connection)
    }

    /// Unsubscribes `connection` from `ids`.
    func unsubscribe(_ ids: some Collection<ProductID>, for connection: ConnectionID) {
        watchers.unsubscribe(ids, for: connection)
    }

    /// Makes `connection` watch a query's results `ids` and follow `follow`; false when refused.
    func followQuery(_ ids: Set<ProductID>, _ follow: QueryListings.Follow, for connection: ConnectionID) -> Bool {
        guard watchers.followQuery(ids, for: connection) else { return false }
        queryListings.follow(connection, follow)
        return true
    }

    /// Whether any connection follows a query.
    var hasQueryFollowers: Bool { !queryListings.follows.isEmpty }

    /// When lot `id`'s queries are being re-run, keeps `item` to offer again once they are back; true then.
    func coalesceOffer(_ id: ProductID, item: JSONValue) -> Bool {
        queryListings.coalesce(id, item: item)
    }

    /// The query-following connections `eligible` says may get lot `id` and whose results lack it, grouped
    /// by query (at most `QueryListings.maximumQueriesPerLot` groups), and how many more were skipped.
    func queryGroups(offering id: ProductID, eligible: (ConnectionID) -> Bool)
        -> (groups: [QueryListings.Follow: [ConnectionID]], skipped: Int) {
        var groups: [QueryListings.Follow: [ConnectionID]] = [:]
        var skipped = 0
        for (connection, follow) in queryListings.follows {
            guard eligible(connection), !watchers.queryProducts(of: connection).contains(id) else { continue }
            if groups[follow] == nil && groups.count >= QueryListings.maximumQueriesPerLot {
                skipped += 1
                continue
            }
            groups[follow, default: []].append(connection)
        }
        return (groups, skipped)
    }

    /// Notes `count` query re-runs started for lot `id`.
    func startQueryRuns(_ id: ProductID, count: Int) {
        queryListings.start(id, outstanding: count)
    }

    /// The list item of lot `id`'s latest edit during its re-runs, if any.
    func newerItem(of id: ProductID) -> JSONValue? {
        queryListings.newerItem(of: id)
    }

    /// Adds lot `id` to `connection`'s query results if it still follows `follow` and lacks it; true then.
    func addListed(_ id: ProductID, to connection: ConnectionID, following follow: QueryListings.Follow) -> Bool {
        guard queryListings.follows[connection] == follow else { return false }
        var held = watchers.queryProducts(of: connection)
        return held.insert(id).inserted && watchers.followQuery(held, for: connection)
    }

    /// One of lot `id`'s re-runs is done; after the last, the item of an edit that came meanwhile (to offer again).
    func finishQueryRun(_ id: ProductID) -> JSONValue? {
        queryListings.finish(id)
    }
}
