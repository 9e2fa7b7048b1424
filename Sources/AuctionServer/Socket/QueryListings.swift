import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Which connections follow a catalogue query (request 13), so that a lot listed (or edited) into
/// their pages reaches them as push 9 `listed`, and which lots have their queries re-run right now.
/// Loop-confined, like the socket service that owns it.
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
    var follows: [ConnectionID: Follow] = [:]
    /// Lots whose queries are being re-run.
    var running: [ProductID: Run] = [:]
}
