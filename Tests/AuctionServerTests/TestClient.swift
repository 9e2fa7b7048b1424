import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc

/// A socket client for server tests: requests with replies, and every push recorded in arrival order.
final class TestClient: Sendable {
    let client: SocketClient
    let pushes = Mutex<[ServerMessage]>([])

    /// Connects; `hello` (the default) says hello with every feature first, as our CLI does; without
    /// it the connection is an original-dialect client. With `caFile` it speaks TLS, trusting that CA.
    init(port: Int, hello: Bool = true, caFile: String? = nil) throws {
        var configuration = SocketClientConfiguration(host: "127.0.0.1", port: port, reconnects: false)
        configuration.isSecure = caFile != nil
        configuration.caFile = caFile
        client = try SocketClient(configuration: configuration)
        if hello {
            client.setHandshake { SocketHandshake(frames: [ClientMessage.testHello.frame], timeoutMilliseconds: 10_000) { _ in } }
        }
        let pushes = self.pushes
        client.onPush { frame in
            guard let message = try? ServerMessage(frame: frame) else { return }
            pushes.withLock { $0.append(message) }
        }
        client.start()
    }

    /// Sends a message and returns its reply.
    func request(_ message: ClientMessage) async throws -> WireReply {
        let frame = try await client.send(message.frame)
        guard case .reply(let reply) = try ServerMessage(frame: frame) else {
            throw TestClientError.notAReply(frame.dataType)
        }
        return reply
    }

    /// Sends a bid (without a user id unless given).
    func bid(_ product: Int, _ price: Int64, user: Int64? = nil) async throws -> WireReply {
        try await request(.bid(Bid(productID: ProductID(product), price: Money(price)), userID: user.map(UserID.init(rawValue:))))
    }

    /// The price pushes received so far.
    var prices: [PriceUpdate] {
        pushes.withLock { $0.compactMap { if case .price(let update) = $0 { update } else { nil } } }
    }

    /// Closes the connection and its thread.
    func close() { client.close() }
}

enum TestClientError: Error {
    case notAReply(Int)
}

extension ClientMessage {
    /// A hello naming every feature the CLI understands.
    static let testHello = ClientMessage.hello(WireHello(client: "test", version: "0", features: ProtocolFeature.understoodByClient))
}

extension RawSocket {
    /// Says hello (completion id 900) and waits for the reply, so that pushes beyond the original's reach it.
    func sayHello() async -> Bool {
        await exchange([.testHello], first: 900).first??.result == true
    }

    /// Sends rounds of bids on products 1…60 (round r bids 10,000 + r × 1,000), each round in one send,
    /// so each is committed and pushed as one group; true when every bid of every round was answered.
    func bidBurstRounds(_ rounds: ClosedRange<Int64>) async -> Bool {
        for round in rounds {
            var burst = ""
            for product in 1...60 {
                burst += #"{"dataType":2,"completionId":\#(product),"data":{"product_id":\#(product),"product_price":\#(10_000 + round * 1_000)}}/"#
            }
            guard send(burst), await readFrames(60).count == 60 else { return false }
        }
        return true
    }
}

/// A plain blocking socket for sending raw bytes and reading what comes back (bad-input tests).
struct RawSocket: Sendable {
    let fd: CInt
    /// Shared by every copy: the descriptor is closed once however many times `close()` is called (a
    /// second close would hit whatever reused the number: another test's socket or event loop).
    private let closed = Mutex(false)

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the kernel buffer (slow-consumer tests).
    init(port: Int, receiveBuffer: Int? = nil) throws {
        fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10, receiveBuffer: receiveBuffer)
        guard fd >= 0 else { throw TestClientError.notAReply(-1) }
    }

    /// Sends everything (blocking); false when the peer is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Sends text.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads until EOF, a reset or the 10 s timeout (off the concurrency pool); returns the bytes and
    /// whether EOF (or reset) ended it.
    func readToEnd() async -> (bytes: [UInt8], closed: Bool) {
        await offPool { readToEndBlocking() }
    }

    /// Reads until `count` frames arrived (or EOF / timeout), off the concurrency pool.
    func readFrames(_ count: Int) async -> [Frame] {
        await offPool { readFramesBlocking(count) }
    }

    /// Sends each message as a frame (completion ids `first`, `first + 1`, …) and waits for its reply
    /// before the next, off the concurrency pool. The replies in order (nil where none came within 10 s).
    func exchange(_ messages: [ClientMessage], first: Int64 = 1) async -> [WireReply?] {
        await offPool { exchangeBlocking(messages, first: first) }
    }

    /// `exchange` on the calling thread (blocking).
    func exchangeBlocking(_ messages: [ClientMessage], first: Int64 = 1) -> [WireReply?] {
        var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
        return messages.enumerated().map { index, message in
            var frame = message.frame
            frame.completionID = first + Int64(index)
            guard send(FrameEncoder.encode(frame)) else { return nil }
            return nextFrame(&decoder) { frame in
                if case .reply(let reply) = try? ServerMessage(frame: frame) { reply } else { nil }
            }
        }
    }

    /// Reads frames until `done` holds for the messages so far (or EOF / the 10 s timeout), off the pool.
    func readMessages(until done: @escaping @Sendable ([ServerMessage]) -> Bool) async -> [ServerMessage] {
        await offPool {
            var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
            var messages: [ServerMessage] = []
            while !done(messages) {
                guard let message = nextFrame(&decoder, { try? ServerMessage(frame: $0) }) else { break }
                messages.append(message)
            }
            return messages
        }
    }

    /// The first frame `pick` accepts (others are skipped), or nil at EOF / timeout.
    private func nextFrame<T>(_ decoder: inout FrameDecoder, _ pick: (Frame) -> T?) -> T? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let event = decoder.nextEvent() {
                if case .frame(let frame) = event, let picked = pick(frame) { return picked }
            }
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return nil }
            decoder.append(Array(chunk[0..<received]))
        }
    }

    private func readToEndBlocking() -> (bytes: [UInt8], closed: Bool) {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { all += chunk[0..<count]; continue }
            if count == 0 { return (all, true) }
            return (all, errno == ECONNRESET)
        }
    }

    private func readFramesBlocking(_ count: Int) -> [Frame] {
        var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
        var frames: [Frame] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while frames.count < count {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { break }
            decoder.append(Array(chunk[0..<received]))
            while let event = decoder.nextEvent() {
                if case .frame(let frame) = event { frames.append(frame) }
            }
        }
        return frames
    }

    /// Closes the descriptor, the first time only.
    func close() {
        let first = closed.withLock { closed -> Bool in
            defer { closed = true }
            return !closed
        }
        if first { Glibc.close(fd) }
    }
}

/// Decodes every complete frame in `bytes`.
func frames(in bytes: [UInt8]) -> [Frame] {
    var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
    decoder.append(bytes)
    var frames: [Frame] = []
    while let event = decoder.nextEvent() {
        if case .frame(let frame) = event { frames.append(frame) }
    }
    return frames
}
