import AuctionBidding
import AuctionEngine

/// What a scrape reads from the socket service, on its loop: the counts it already keeps and the
/// gauges its connections, watchers and book give (nothing here is counted on the bid path).
struct SocketSnapshot {
    /// Bid steps committed (`SocketCounters.bidsAccepted`).
    var bidsAccepted = 0
    /// Price pushes handed to connections (`FanOutStatistics.pushes`).
    var pushes = 0
    /// Socket connections accepted since the start.
    var connectionsAccepted = 0
    /// Open connections that never said hello (the original app's dialect).
    var originalConnections = 0
    /// Open connections that said hello.
    var helloConnections = 0
    /// Connections watching list pages or products.
    var watchers = 0
    /// Output bytes held for clients: in their connections' buffers and in their queues.
    var queuedBytes = 0
    /// Bytes written so far to the connections open now.
    var openConnectionBytes = 0
    /// Lots open for bids: neither closed (withdrawn lots are closed) nor bought.
    var openLots = 0
    /// Decisions handed to the ledger whose commit has not come back.
    var commitsInFlight = 0

    /// Reads `service` (on its loop thread).
    init(_ service: SocketService) {
        bidsAccepted = service.bidPath.counts.accepted
        pushes = service.fanOut.statistics.pushes
        connectionsAccepted = service.connections.accepted
        for peer in service.peers.values {
            if peer.features == nil { originalConnections += 1 } else { helloConnections += 1 }
            queuedBytes += peer.connection.bufferedOutputBytes + peer.outbound.queuedBytes
            openConnectionBytes += peer.connection.sentByteCount
        }
        watchers = service.fanOut.watchers.count
        let book = service.bidPath.book
        for position in stride(from: 1, through: book.productCount, by: 1) {
            guard let lot = book.lot(atPosition: position), !lot.isClosed, !lot.isBought else { continue }
            openLots += 1
        }
        commitsInFlight = service.bidPath.commitsInFlight
    }
}
