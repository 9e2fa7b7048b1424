import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Push 9 `listed` for connections whose list state follows a query (request 13): a lot listed, or
/// edited so that it now matches, is looked for on each such connection's pages by re-running its
/// query on the catalogue readers (never on the loop). Cost is bounded: only connections with a query
/// state that named `lots` and do not hold the lot yet; connections with the same query and page count
/// share one run; at most `QueryListings.maximumQueriesPerLot` queries per lot; a lot whose runs are
/// still out is not run again — a change meanwhile is offered once more when they are back.
extension SocketService {
    /// Offers a listed or edited lot to the query-following connections (loop thread).
    func offerToQueries(_ id: ProductID, item: JSONValue) {
        guard let queryPages, fanOut.hasQueryFollowers else { return }
        if fanOut.coalesceOffer(id, item: item) { return }  // offered again when the runs are back
        let (groups, skipped) = fanOut.queryGroups(offering: id) { connection in
            peers[connection]?.accepts(dataType: ServerMessage.DataType.lot) == true
        }
        if skipped > 0 { log.info("selling: product \(id) not looked for on \(skipped) more query state(s) (limit per lot)") }
        guard !groups.isEmpty else { return }
        fanOut.startQueryRuns(id, count: groups.count)
        let loop = self.loop, this = LoopBound(self, on: loop)
        for (follow, connections) in groups {
            let taken = queryPages(follow.query, follow.pages) { ids in
                loop.execute { this.value.deliverListed(id, item: item, follow: follow, to: connections, found: ids) }
            }
            if !taken {
                log.debug("selling: no catalogue reader free to look for product \(id) on a query's pages")
                finishedRun(of: id)
            }
        }
    }

    /// A query re-run came back: each of its connections that still follows that query and does not
    /// hold the lot gets `listed` with the lot's place, and its list state takes the lot in (loop thread).
    private func deliverListed(_ id: ProductID, item: JSONValue, follow: QueryListings.Follow, to connections: [ConnectionID],
                               found ids: [ProductID]?) {
        defer { finishedRun(of: id) }
        guard let ids, let index = ids.firstIndex(of: id), let lot = bidPath.book.lot(for: id), !lot.isWithdrawn else { return }
        let place: ListingPlace = index == 0 ? .first : .after(ids[index - 1])
        let latest = fanOut.newerItem(of: id) ?? item
        let bytes = FrameEncoder.encode(ServerMessage.lot(LotEvent(kind: .listed, productID: id, product: latest, place: place)).frame)
        for connection in connections {
            guard let peer = peers[connection], fanOut.addListed(id, to: connection, following: follow) else { continue }
            send(.other(bytes), to: peer)
        }
    }

    /// One of a lot's re-runs is done; after the last, a change that came meanwhile is offered again.
    private func finishedRun(of id: ProductID) {
        if let newer = fanOut.finishQueryRun(id) { offerToQueries(id, item: newer) }
    }
}
