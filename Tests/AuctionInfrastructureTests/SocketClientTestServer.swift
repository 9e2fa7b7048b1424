import AuctionInfrastructure
import Glibc

/// A tiny frame server on loopback for SocketClient tests: logs every frame and answers as told.
final class SocketClientTestServer: @unchecked Sendable {
    /// What to do with one received frame.
    enum Action {
        /// Reply `{"completionId":id,"result":true,"echo":data}`.
        case echo
        /// Say nothing.
        case ignore
        /// Close the connection without replying.
        case close
        /// Send these frames (e.g. held replies, pushes).
        case send([Frame])
    }

    /// One logged frame with the index of the connection it came on (0 for the first accepted).
    struct Entry: Sendable {
        var connection: Int
        var frame: Frame
    }

    let loop: EventLoop
    private(set) var port = 0
    let log = Mutex<[Entry]>([])
    private let behaviour: (Frame) -> Action
    // Loop-confined.
    private var listener: TCPListener?
    private var connections: [TCPConnection] = []

    init(behaviour: @escaping (Frame) -> Action = { _ in .echo }) throws {
        loop = try EventLoop.spawn(name: "test-server")
        self.behaviour = behaviour
        try listen(port: 0)
    }

    static func echoReply(to frame: Frame) -> Frame {
        Frame(dataType: 1, data: ["completionId": .int(frame.completionID ?? -1), "result": true, "echo": frame.data])
    }

    private func listen(port requested: Int) throws {
        let listener = try TCPListener.listen(host: "127.0.0.1", port: requested, on: loop) { [self] connection in
            let index = connections.count
            connections.append(connection)
            var decoder = FrameDecoder()
            connection.onRead = { [self] bytes in
                decoder.append(bytes)
                while let event = decoder.nextEvent() {
                    guard case .frame(let frame) = event else { continue }
                    log.withLock { $0.append(Entry(connection: index, frame: frame)) }
                    switch behaviour(frame) {
                    case .echo: connection.write(FrameEncoder.encode(Self.echoReply(to: frame)))
                    case .ignore: break
                    case .close:
                        connection.abort()
                        return
                    case .send(let frames):
                        var bytes: [UInt8] = []
                        for frame in frames { FrameEncoder.encode(frame, into: &bytes) }
                        connection.write(bytes)
                    }
                }
            }
        }
        self.listener = listener
        port = listener.address.port
    }

    /// Closes the listener and every connection (the port stays the same for `restart`).
    func stop() async {
        _ = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            self.listener?.close()
            self.listener = nil
            for connection in self.connections { connection.abort() }
            done(true)
        }
    }

    /// Listens again on the same port.
    func restart() async throws {
        let failure = await awaitOnLoop(loop) { (done: @escaping (String) -> Void) in
            do {
                try self.listen(port: self.port)
                done("")
            } catch {
                done("\(error)")
            }
        }
        guard let failure else { throw TestServerError.restart("the server loop did not answer") }
        if !failure.isEmpty { throw TestServerError.restart(failure) }
    }

    /// Runs `body` on the server's loop with the connection at `index` (e.g. to push or close).
    func withConnection(_ index: Int, _ body: @escaping (TCPConnection) -> Void) async {
        _ = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            if index < self.connections.count { body(self.connections[index]) }
            done(true)
        }
    }

    func shutdown() { loop.shutdown() }

    var frames: [Entry] { log.withLock { $0 } }
}

enum TestServerError: Error { case restart(String) }
