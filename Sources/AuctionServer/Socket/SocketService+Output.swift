import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Output: replies, pushes encoded once for all their recipients, and lagging clients.
extension SocketService {
    /// Sends a reply (type 1) with the completion id inside `data`, as the original backend does.
    func reply(to peer: SocketPeer, _ completionID: Int64?, result: Bool, reason: RefusalReason? = nil,
               price: Money? = nil, fields: JSONObject = JSONObject()) {
        // A request without a completion id cannot be correlated; the original answers it anyway with id 0.
        let reply = WireReply(completionID: completionID ?? 0, result: result, reason: reason, price: price, fields: fields)
        send(.reply(FrameEncoder.encode(ServerMessage.reply(reply).frame)), to: peer)
    }

    /// Pushes a price change (type 2) to everyone who watches the product's page or the product:
    /// encoded once, the same bytes for every recipient.
    func broadcast(_ update: PriceUpdate, position: Int) {
        let bytes = FrameEncoder.encode(ServerMessage.price(update).frame)
        let message = OutboundMessage.price(update.productID, bytes)
        var stated: OutboundMessage?  // encoded once, at the first recipient that named `next-minimum`
        var delivered = 0
        fanOut.watchers.forEachRecipient(ofPosition: position, productID: update.productID) { id in
            guard let peer = peers[id] else { return }
            if peer.statesNextMinimum {
                if stated == nil { stated = .price(update.productID, FrameEncoder.encode(ServerMessage.price(statingMinimum(update)).frame)) }
                send(stated ?? message, to: peer)
            } else {
                send(message, to: peer)
            }
            delivered += 1
        }
        fanOut.delivered(delivered)
    }

    /// Pushes a commit group's price changes: each encoded once into one buffer ordered by page, so a
    /// watcher that keeps up gets its share (the pushes of the pages it loaded) with one `write`;
    /// a lagging watcher gets them one by one through its queue, where they coalesce. Subscribed
    /// products beyond a watcher's pages follow one by one. Cost: the registry's buckets and
    /// subscriber lists name the recipients, so a group visits the connections it reaches (one
    /// write each), never the idle ones.
    func broadcast(_ plain: PushGroup) {
        guard let firstPage = plain.items.first?.page, fanOut.watchers.count > 0 else { return }
        var delivered = 0, visited = 0
        var stated: PushGroup?  // encoded once, at the first recipient that named `next-minimum`
        func pushes(for peer: SocketPeer) -> PushGroup {
            guard peer.statesNextMinimum else { return plain }
            if stated == nil { stated = plain.stating { statingMinimum($0).nextMinimum } }
            return stated ?? plain
        }
        fanOut.watchers.forEachListWatcher(loadingAtLeast: firstPage) { id, pages in
            visited += 1
            guard let peer = peers[id], !peer.isGivenUp else { return }
            let group = pushes(for: peer)
            let count = group.prefixCount(forPages: pages)
            let end = group.byteCount(ofPrefix: count)
            if peer.outbound.isEmpty,
               peer.connection.bufferedOutputBytes + end <= peer.outbound.configuration.softLimit {
                // Every one of these pushes would have been written at once: write them together.
                let written = group.bytes.withUnsafeBytes { peer.connection.write(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
                if !written { giveUp(peer, reason: "the connection refused output (\(peer.connection.bufferedOutputBytes) bytes pending)") }
            } else {
                for item in group.items[0..<count] { send(.price(item.update.productID, item.frame), to: peer) }
            }
            delivered += count
        }
        // Subscribers whose pages do not hold the product, each after its prefix, in group order.
        for (index, item) in plain.items.enumerated() {
            fanOut.watchers.forEachSubscriber(of: item.update.productID, beyondPage: item.page) { id in
                visited += 1
                guard let peer = peers[id], !peer.isGivenUp else { return }
                send(.price(item.update.productID, pushes(for: peer).items[index].frame), to: peer)
                delivered += 1
            }
        }
        fanOut.pushedGroup(visited: visited, delivered: delivered)
    }

    /// `update` with the least next bid after its price (pushes are of accepted steps: `BidMinimum.afterStep`).
    func statingMinimum(_ update: PriceUpdate) -> PriceUpdate {
        var copy = update
        copy.nextMinimum = bidPath.book.nextMinimum(afterStepAt: update.price, on: update.productID)
        return copy
    }

    /// Pushes a frame that is not a price (e.g. auction closed) to the product's watchers.
    func broadcast(other bytes: [UInt8], position: Int, productID: ProductID) {
        let message = OutboundMessage.other(bytes)
        fanOut.watchers.forEachRecipient(ofPosition: position, productID: productID) { id in
            guard let peer = peers[id] else { return }
            send(message, to: peer)
        }
    }

    /// Hands a frame to the peer's outbound queue and obeys its verdict.
    ///
    /// A client past the hard bound is given up at once (nothing more is queued for it) and closed on
    /// the next turn of the loop, so that a fan-out in progress never sees the registry change under it.
    func send(_ message: OutboundMessage, to peer: SocketPeer) {
        guard peer.accepts(message) else { return }  // a push type its hello did not name
        switch peer.outbound.enqueue(message, buffered: peer.connection.bufferedOutputBytes) {
        case .write(let bytes):
            if !peer.connection.write(bytes), !peer.isGivenUp {
                giveUp(peer, reason: "the connection refused output (\(peer.connection.bufferedOutputBytes) bytes pending)")
            }
        case .queued, .coalesced, .discard:
            break
        case .disconnect(let overflow):
            giveUp(peer, reason: overflow.description)
        }
    }

    /// Writes queued frames while the socket has room (its output drained).
    func drain(_ peer: SocketPeer) {
        while !peer.isGivenUp, let bytes = peer.outbound.nextWrite(buffered: peer.connection.bufferedOutputBytes) {
            guard peer.connection.write(bytes) else {
                return giveUp(peer, reason: "the connection refused output")
            }
        }
    }

    /// Drops a lagging connection (the reason is logged; `cause` counted in the metrics).
    func giveUp(_ peer: SocketPeer, reason: String, cause: ServerMetrics.DropCause = .hardLimit) {
        guard !peer.isGivenUp else { return }
        metrics?.dropped(cause)
        peer.isGivenUp = true
        peer.outbound.giveUp()
        fanOut.droppedForLag()
        log.warning("socket: disconnecting \(peer.label): \(reason)")
        let connection = LoopBound(peer.connection, on: loop)
        loop.execute { connection.value.abort() }
    }
}
