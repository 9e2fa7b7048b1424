import AuctionData
import AuctionInfrastructure
import Glibc

/// A loopback auction-socket server for Data tests: decodes client messages and answers with server messages.
final class SocketTestServer: @unchecked Sendable {
    let loop: EventLoop
    /// Every client message received, with the index of the connection it came on.
    let log = Mutex<[(connection: Int, message: ClientMessage)]>([])
    private let answer: (ClientMessage, Int64) -> [ServerMessage]
    private(set) var port = 0
    // Loop-confined.
    private var listener: TCPListener?
    private var connections: [TCPConnection] = []

    /// `answer` returns the messages to send back for each client message and its completion id.
    init(answer: @escaping (ClientMessage, Int64) -> [ServerMessage]) throws {
        loop = try EventLoop.spawn(name: "data-test-server")
        self.answer = answer
        try listen(port: 0)
    }

    private func listen(port requested: Int) throws {
        let listener = try TCPListener.listen(host: "127.0.0.1", port: requested, on: loop) { [self] connection in
            let index = connections.count
            connections.append(connection)
            var decoder = FrameDecoder()
            connection.onRead = { [self] bytes in
                decoder.append(bytes)
                while let event = decoder.nextEvent() {
                    guard case .frame(let frame) = event, let message = try? ClientMessage(frame: frame) else { continue }
                    log.withLock { $0.append((index, message)) }
                    var out: [UInt8] = []
                    for reply in answer(message, frame.completionID ?? -1) { FrameEncoder.encode(reply.frame, into: &out) }
                    if !out.isEmpty { connection.write(out) }
                }
            }
        }
        self.listener = listener
        port = listener.address.port
    }

    /// The messages received so far, in order.
    var received: [ClientMessage] { log.withLock { $0.map(\.message) } }

    /// Closes the listener and every connection, then listens again on the same port.
    func restart() async throws {
        let failure: String = await withCheckedContinuation { continuation in
            loop.execute { [self] in
                listener?.close()
                for connection in connections { connection.abort() }
                do {
                    try listen(port: port)
                    continuation.resume(returning: "")
                } catch {
                    continuation.resume(returning: "\(error)")
                }
            }
        }
        if !failure.isEmpty { throw SocketTestServerError.restart(failure) }
    }

    func shutdown() { loop.shutdown() }
}

enum SocketTestServerError: Error { case restart(String) }
