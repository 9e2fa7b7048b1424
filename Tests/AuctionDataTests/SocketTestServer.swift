import AuctionData
import AuctionInfrastructure
import AuctionTestSupport

/// The shared `LoopbackFrameServer` speaking auction messages for Data tests: it decodes client
/// messages and answers with server messages.
final class SocketTestServer: Sendable {
    private let frames: LoopbackFrameServer

    /// `answer` returns the messages to send back for each client message and its completion id.
    init(answer: @escaping (ClientMessage, Int64) -> [ServerMessage]) throws {
        frames = try LoopbackFrameServer { frame in
            guard let message = try? ClientMessage(frame: frame) else { return .ignore }
            let replies = answer(message, frame.completionID ?? -1)
            return replies.isEmpty ? .ignore : .send(replies.map(\.frame))
        }
    }

    /// The server's event loop.
    var loop: EventLoop { frames.loop }
    /// The port it listens on.
    var port: Int { frames.port }

    /// Every client message received, with the index of the connection it came on.
    var log: [(connection: Int, message: ClientMessage)] {
        frames.frames.compactMap { entry in (try? ClientMessage(frame: entry.frame)).map { (entry.connection, $0) } }
    }

    /// The messages received so far, in order.
    var received: [ClientMessage] { log.map(\.message) }

    /// Closes the listener and every connection, then listens again on the same port.
    func restart() async throws {
        await frames.stop()
        try await frames.restart()
    }

    /// Closes the listener and every connection (a node going down).
    func stop() async { await frames.stop() }

    /// Stops the server's loop.
    func shutdown() { frames.shutdown() }
}
