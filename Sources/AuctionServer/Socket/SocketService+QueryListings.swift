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
        guard let queryPages, !fanOut.queryListings.follows.isEmpty else { return }
        if fanOut.queryListings.running[id] != nil {
            fanOut.queryListings.running[id]?.newerItem = item  // coalesced: offered again when the runs are back
            return
        }
        var groups: [QueryListings.Follow: [ConnectionID]] = [:]
        var skipped = 0
        for (connection, follow) in fanOut.queryListings.follows {
            guard let peer = peers[connection], peer.accepts(dataType: ServerMessage.DataType.lot),
                  !fanOut.watchers.queryProducts(of: connection).contains(id) else { continue }
            if groups[follow] == nil && groups.count >= QueryListings.maximumQueriesPerLot {
                skipped += 1
                continue
            }
            groups[follow, default: []].append(connection)
        }
        if skipped > 0 { log.info("selling: product \(id) not looked for on \(skipped) more query state(s) (limit per lot)") }
        guard !groups.isEmpty else { return }
        fanOut.queryListings.running[id] = QueryListings.Run(outstanding: groups.count)
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
        let latest = fanOut.queryListings.running[id]?.newerItem ?? item
        let bytes = FrameEncoder.encode(ServerMessage.lot(LotEvent(kind: .listed, productID: id, product: latest, place: place)).frame)
        for connection in connections {
            guard let peer = peers[connection], fanOut.queryListings.follows[connection] == follow else { continue }
            var held = fanOut.watchers.queryProducts(of: connection)
            guard held.insert(id).inserted, fanOut.watchers.followQuery(held, for: connection) else { continue }
            send(.other(bytes), to: peer)
        }
    }

    /// One of a lot's re-runs is done; after the last, a change that came meanwhile is offered again.
    private func finishedRun(of id: ProductID) {
        guard var run = fanOut.queryListings.running[id] else { return }
        run.outstanding -= 1
        guard run.outstanding <= 0 else {
            fanOut.queryListings.running[id] = run
            return
        }
        fanOut.queryListings.running[id] = nil
        if let newer = run.newerItem { offerToQueries(id, item: newer) }
    }
}
