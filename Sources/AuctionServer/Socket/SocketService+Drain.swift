import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Draining (SIGTERM): once the commits in flight have answered, every connection that understands it
/// is told to reconnect elsewhere (push 10, feature `reconnect`) and the others are closed; the node
/// then waits, within its bound, for the told ones to leave.
extension SocketService {
    /// The push sent to connections whose hello named `reconnect`.
    static let reconnectElsewhere = FrameEncoder.encode(ServerMessage.reconnectElsewhere(reason: "draining").frame)

    /// After their queued output, tells each connection that understands push 10 to go elsewhere and
    /// closes every other one (the original app cannot read the push: it is simply closed). Told
    /// connections are read again, their frames ignored, so their leaving is seen; `left` is called
    /// on the loop once no connection is open (at once when none was told). Loop thread; returns how
    /// many were told.
    @discardableResult
    func tellClientsToReconnectElsewhere(left: @escaping () -> Void) -> Int {
        var told = 0
        whenEveryConnectionCloses(left)
        for peer in peers.values {
            writeQueuedOutput(of: peer)
            guard !peer.isGivenUp, peer.accepts(dataType: ServerMessage.DataType.reconnect) else {
                peer.connection.close()
                continue
            }
            peer.isGivenUp = true  // nothing more is read from it or sent to it
            peer.connection.write(Self.reconnectElsewhere)
            peer.connection.onRead = { _ in }
            peer.connection.resumeReading()
            told += 1
        }
        return told
    }
}
