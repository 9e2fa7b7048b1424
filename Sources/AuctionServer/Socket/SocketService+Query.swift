import AuctionCore
import AuctionEngine
import AuctionInfrastructure

extension SocketService {
    /// Runs a query's first `pages` pages off the loop and hands their lot ids (nil on failure) to
    /// `done` from that thread; false when no reader can take it now.
    typealias QueryPages = @Sendable (_ query: CatalogueQueryRequest, _ pages: Int,
                                      _ done: @escaping @Sendable ([ProductID]?) -> Void) -> Bool

    /// Request 13 (loop thread): takes a query from the address's rate, checks the query, runs it on a
    /// catalogue reader, then makes the connection's list state follow exactly the lots on its pages and
    /// replies like list state.
    func queryStateFromClient(_ parameters: [String: String], pages: Int, completionID: Int64?, peer: SocketPeer) {
        // One query from the address's bucket, the one `GET /products/query` takes from too.
        if let wait = queryRate?.take(peer.connection.remoteAddress.host) {
            log.debug("socket: \(peer.label) asked for queries too fast")
            reply(to: peer, completionID, result: false, reason: .rateLimited, fields: JSONObject([
                ("message", .string("too many queries from your address; try again in a moment")), ("retry_after_ms", .int(wait)),
            ]))
            return
        }
        let query: CatalogueQueryRequest
        do throws(CatalogueQueryError) {
            query = try CatalogueQueryRequest(parameters: parameters)
        } catch {
            log.debug("socket: \(peer.label) sent an invalid query: \(error)")
            reply(to: peer, completionID, result: false, reason: .invalidQuery)
            return
        }
        guard let queryPages else {
            reply(to: peer, completionID, result: false, reason: .invalid)
            return
        }
        let id = peer.id, loop = self.loop, this = LoopBound(self, on: loop)
        let taken = queryPages(query, pages) { ids in
            loop.execute {
                let service = this.value
                guard let peer = service.peers[id] else { return }  // gone meanwhile: nothing to follow
                guard let ids else {
                    service.reply(to: peer, completionID, result: false, reason: .serverError)
                    return
                }
                let accepted = service.fanOut.followQuery(Set(ids), QueryListings.Follow(query: query, pages: pages), for: id)
                service.reply(to: peer, completionID, result: accepted, reason: accepted ? nil : .invalid)
            }
        }
        if !taken { reply(to: peer, completionID, result: false, reason: .rateLimited) }
    }
}
