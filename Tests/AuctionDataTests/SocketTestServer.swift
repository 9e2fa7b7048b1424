import AuctionData
import AuctionInfrastructure

/// A loopback auction-socket server for Data tests: decodes client messages and answers with server messages.
final class SocketTestServer: @unchecked Sendable {
    let loop: EventLoop
    let listener: TCPListener
    let received = Mutex<[ClientMessage]>([])

    /// `answer` returns the messages to send back for each client message and its completion id.
    init(answer: @escaping (ClientMessage, Int64) -> [ServerMessage]) throws {
        loop = try EventLoop.spawn(name: "data-test-server")
        let log = received
        listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            var decoder = FrameDecoder()
            connection.onRead = { bytes in
                decoder.append(bytes)
                while let event = decoder.nextEvent() {
                    guard case .frame(let frame) = event, let message = try? ClientMessage(frame: frame) else { continue }
                    log.withLock { $0.append(message) }
                    var out: [UInt8] = []
                    for reply in answer(message, frame.completionID ?? -1) { FrameEncoder.encode(reply.frame, into: &out) }
                    if !out.isEmpty { connection.write(out) }
                }
            }
        }
    }

    var port: Int { listener.address.port }

    func shutdown() { loop.shutdown() }
}
