import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Connection limits that need the clock or the process: the write deadline (a client that leaves
/// its output unread is dropped, NATS-style, even when its pushes coalesce under the output bound)
/// and the connection limit drawn from the open-file limit.
extension SocketService {
    /// What a plaintext auction client (its first frame's `{`) at the TLS socket gets: an error frame saying so.
    static let plaintextAtTLSPort = PlaintextAnswer(firstBytes: [UInt8(ascii: "{")], answer: FrameEncoder.encode(ServerMessage.error(
        reason: "tls_required", message: "this port speaks TLS: connect with tls://HOST:PORT").frame))

    /// The error frame for a client refused at the connection limit (or for lack of descriptors).
    static let tooManyConnections = FrameEncoder.encode(ServerMessage.error(
        reason: "too_many_connections", message: "the server has too many connections; try again later").frame)

    /// The connection limit the configuration asks for: the setting, or the open-file limit (read
    /// now) less the descriptor reserve.
    var maximumConnections: Int {
        configuration.limits.maximumConnections
            ?? max(1, ProcessLimits.openFileLimit() - configuration.descriptorReserve)
    }

    /// How often the write deadline is checked: a tenth of it, between 10 ms and one second.
    var stallCheckIntervalMilliseconds: Int64 {
        min(1_000, max(10, configuration.limits.writeDeadlineMilliseconds / 10))
    }

    /// Schedules the next write-deadline check (loop thread).
    func scheduleStallCheck() {
        guard !isStopping else { return }
        fanOut.scheduleStallCheck(afterMilliseconds: stallCheckIntervalMilliseconds) { [weak self] in
            guard let self else { return }
            dropStalledPeers(now: now())
            scheduleStallCheck()
        }
    }

    /// Drops every connection that has held output, with no byte accepted by its socket, for the
    /// write deadline or longer; the reason is logged. Idle connections (nothing pending) are kept.
    func dropStalledPeers(now: Int64) {
        let deadline = configuration.limits.writeDeadlineMilliseconds
        for peer in peers.values where !peer.isGivenUp {
            let connection = peer.connection
            let pending = connection.bufferedOutputBytes
            guard peer.progress.isStalled(pendingBytes: pending, sentBytes: connection.sentByteCount,
                                          now: now, deadline: deadline) else { continue }
            let seconds = deadline % 1_000 == 0 ? "\(deadline / 1_000)" : "\(Double(deadline) / 1_000)"
            giveUp(peer, reason: "write deadline passed: the client accepted no bytes for \(seconds) s "
                   + "(\(pending) bytes pending, \(peer.outbound.queuedBytes) queued)", cause: .writeDeadline)
        }
    }
}
