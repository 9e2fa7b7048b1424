import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Which connections follow a catalogue query (request 13), so that a lot listed (or edited) into
/// their pages reaches them as push 9 `listed`, and which lots have their queries re-run right now.
/// Loop-confined, like the fan-out that owns it (`PushFanOut+Queries`).
struct QueryListings {
    /// A connection's query state: the query and how many of its pages it follows.
    struct Follow: Hashable {
        /// The query as checked at request 13.
        var query: CatalogueQueryRequest
        /// Its pages (1–20).
        var pages: Int
    }

    /// The re-runs in flight for one lot: how many queries are still out, and a newer list item
    /// (an edit that arrived meanwhile) to send and to offer again once they are all back.
    struct Run {
        /// Query re-runs not yet answered.
        var outstanding: Int
        /// The lot's list item as of its latest edit during the run, if any.
        var newerItem: JSONValue?
    }

    /// The most distinct queries re-run for one lot; connections past it see the lot on their next load.
    static let maximumQueriesPerLot = 64

    /// Each query-following connection's query state.
    private(set) var follows: [ConnectionID: Follow] = [:]
    /// Lots whose queries are being re-run.
    private var running: [ProductID: Run] = [:]

    /// Notes that `connection` follows `follow` (replacing any query it followed).
    mutating func follow(_ connection: ConnectionID, _ follow: Follow) {
        follows[connection] = follow
    }

    /// Notes that `connection` follows no query any more (plain pages, or it closed).
    mutating func stopFollowing(_ connection: ConnectionID) {
        follows[connection] = nil
    }

    /// When lot `id`'s queries are being re-run, keeps `item` to offer again once they are back; true then.
    mutating func coalesce(_ id: ProductID, item: JSONValue) -> Bool {
        guard running[id] != nil else { return false }
        running[id]?.newerItem = item
        return true
    }

    /// Notes `outstanding` re-runs started for lot `id`.
    mutating func start(_ id: ProductID, outstanding: Int) {
        running[id] = Run(outstanding: outstanding)
    }

    /// The list item of lot `id`'s latest edit during its re-runs, if any.
    func newerItem(of id: ProductID) -> JSONValue? {
        running[id]?.newerItem
    }

    /// One of lot `id`'s re-runs is done; after the last, the item of an edit that came meanwhile (to offer again).
    mutating func finish(_ id: ProductID) -> JSONValue? {
        guard var run = running[id] else { return nil }
        run.outstanding -= 1
        guard run.outstanding <= 0 else {
            running[id] = run
            return nil
        }
        running[id] = nil
        return run.newerItem
    }
}
