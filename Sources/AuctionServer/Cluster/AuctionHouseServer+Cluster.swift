import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The cluster wiring: with `--store`, a listener that brings other nodes' bids and closes to this loop.
extension AuctionHouseServer {
    /// Starts a `ClusterListener` connecting by `listening` whose events are adopted on `loop` by the socket service
    /// and the live catalogue.
    static func startCluster(listening: ClusterListener.Configuration, loop: EventLoop, service: LoopBound<SocketService>,
                             live: LiveCatalogue, sequences: ProductSequences, adoption: LotAdoption?,
                             chatRooms: ChatRoomSequences = ChatRoomSequences(), presence: ChatPresenceWriter? = nil,
                             log: ServerLog) -> ClusterListener {
        let listener = ClusterListener(
            configuration: listening, sequences: sequences, chatRooms: chatRooms, log: log
        ) { event in
            // Lots are read and posted in id order under the adoption's gate, here on the listener's
            // thread, before the bids and closes handed after them.
            if case .lots(let notice) = event {
                adoption?.adopt(notice)
                return
            }
            loop.execute {
                service.value.receive(event) { live.close($0, winner: $1, status: $2) }
            }
        }
        listener.start()
        if let presence {
            presence.start()
            sweepPresence(presence, loop: loop)
        }
        log.info("cluster: listening on \(listening.store.displayTarget) (\(ClusterListener.channels.joined(separator: ", ")))")
        return listener
    }

    /// Every `ChatPresenceWriter.sweepMilliseconds` of server time: the presence writer rewrites what a
    /// broken connection lost and deletes the members of nodes that died. Stops once the writer has finished.
    static func sweepPresence(_ presence: ChatPresenceWriter, loop: EventLoop) {
        _ = loop.schedule(afterMilliseconds: ChatPresenceWriter.sweepMilliseconds) {
            if presence.sweep() { sweepPresence(presence, loop: loop) }
        }
    }
}
