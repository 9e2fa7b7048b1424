import AuctionInfrastructure
import Glibc

/// The loopback frame server for socket tests (one on 127.0.0.1, a port of its own): logs every frame
/// it receives, with the connection it came on, and answers each as `behaviour` says.
// @unchecked Sendable: `log` is a `Mutex`; the listener and connections are touched only on `loop`.
public final class LoopbackFrameServer: @unchecked Sendable {
    /// What to do with one received frame.
    public enum Action {
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
    public struct Entry: Sendable {
        /// The connection's index, 0 for the first accepted.
        public var connection: Int
        /// The frame.
        public var frame: Frame
    }

    /// The server's own event loop.
    public let loop: EventLoop
    /// The port it listens on (the same after `restart`).
    public private(set) var port = 0
    /// Every frame received so far.
    public let log = Mutex<[Entry]>([])
    private let behaviour: (Frame) -> Action
    // Loop-confined.
    private var listener: TCPListener?
    private var connections: [TCPConnection] = []

    /// Listens on a free loopback port; `behaviour` decides the answer to each frame (echo by default).
    public init(behaviour: @escaping (Frame) -> Action = { _ in .echo }) throws {
        loop = try EventLoop.spawn(name: "test-server")
        self.behaviour = behaviour
        try listen(port: 0)
    }

    /// The answer `.echo` sends.
    public static func echoReply(to frame: Frame) -> Frame {
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
    public func stop() async {
        _ = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            self.listener?.close()
            self.listener = nil
            for connection in self.connections { connection.abort() }
            done(true)
        }
    }

    /// Listens again on the same port, trying for up to 10 s: while it was stopped, another test's
    /// outgoing connection may have been given the free port as its own (seen in a full suite:
    /// "address already in use"); such a connection soon ends.
    public func restart() async throws {
        var failure = ""
        for _ in 0..<500 {
            let attempt = await awaitOnLoop(loop) { (done: @escaping (String) -> Void) in
                do {
                    try self.listen(port: self.port)
                    done("")
                } catch {
                    done("\(error)")
                }
            }
            guard let attempt else { throw LoopbackFrameServerError.restart("the server loop did not answer") }
            if attempt.isEmpty { return }
            failure = attempt
            try await Task.sleep(for: .milliseconds(20))
        }
        throw LoopbackFrameServerError.restart(failure)
    }

    /// Runs `body` on the server's loop with the connection at `index` (e.g. to push or close).
    public func withConnection(_ index: Int, _ body: @escaping (TCPConnection) -> Void) async {
        _ = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            if index < self.connections.count { body(self.connections[index]) }
            done(true)
        }
    }

    /// Stops the server's loop.
    public func shutdown() { loop.shutdown() }

    /// The frames received so far, in order.
    public var frames: [Entry] { log.withLock { $0 } }
}

/// Why `LoopbackFrameServer.restart` failed.
public enum LoopbackFrameServerError: Error {
    /// Listening again on the same port failed.
    case restart(String)
}
