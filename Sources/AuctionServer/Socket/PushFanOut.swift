import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The push fan-out's own state (loop thread): who watches what (`WatcherRegistry`), which connections
/// follow a catalogue query (`QueryListings`), the last seq pushed per product (`PushedSequences`),
/// the write-deadline sweep's timer and the fan-out figures (pushes, push groups, connections
/// visited, connections dropped for lag). `SocketService+Output` sends through it.
///
/// A class, so that a fan-out walking `watchers` may note figures or forget a connection from inside
/// its visit (each stored property is its own access, as it was on the socket service).
final class PushFanOut {
    /// Who watches which list pages, products and query results.
    var watchers: WatcherRegistry
    /// Connections following a query (request 13) and the query re-runs in flight (`SocketService+QueryListings`).
    var queryListings = QueryListings()
    /// The next write-deadline check; nil when none is scheduled.
    var stallTimer: TimerID?
    /// What price pushes have cost since the start.
    private(set) var statistics = FanOutStatistics()
    /// The last seq pushed per product: no push repeats or lowers it.
    private var pushedSequences = PushedSequences()

    /// An empty fan-out whose connections each watch at most `maximumSubscriptions` products.
    init(maximumSubscriptions: Int) {
        var configuration = WatcherRegistry.Configuration()
        configuration.maximumSubscriptionsPerConnection = maximumSubscriptions
        watchers = WatcherRegistry(configuration: configuration)
    }

    /// Forgets a closed connection: what it watched and the query it followed.
    func forget(_ id: ConnectionID) {
        watchers.remove(id)
        queryListings.follows[id] = nil
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
