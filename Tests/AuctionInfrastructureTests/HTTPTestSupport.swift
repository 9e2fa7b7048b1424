import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// A server on a fresh loop and ephemeral loopback port for one test; `stop()` tears both down.
struct HTTPTestServer: Sendable {
    let loop: EventLoop
    let server: HTTPServer

    init(_ configuration: HTTPServer.Configuration = .init(), clock: any TimeSource = SystemClock(),
         handler: @escaping HTTPRouter.Handler) throws {
        loop = try EventLoop.spawn(name: "http-test", clock: clock)
        server = try HTTPServer.start(configuration, on: loop, handler: handler)
    }

    init(_ configuration: HTTPServer.Configuration = .init(), clock: any TimeSource = SystemClock(), router: HTTPRouter) throws {
        try self.init(configuration, clock: clock) { request, responder in router.handle(request, responder) }
    }

    var port: Int { server.address.port }

    /// A client for this server on the same loop.
    func client(_ configuration: HTTPClient.Configuration = .init()) -> HTTPClient {
        HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), configuration: configuration, loop: loop)
    }

    /// Waits (up to 10 s) until the server has accepted `accepted` connections and has none open,
    /// polling with `Task.sleep` so no thread of the concurrency pool is held meanwhile.
    func waitUntilIdle(accepted: Int = 1) async -> Bool {
        for _ in 0..<1_000 {
            if server.acceptedConnections >= accepted && server.openConnections == 0 { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return server.acceptedConnections >= accepted && server.openConnections == 0
    }

    func stop() {
        server.close()
        loop.shutdown()
    }
}

/// A blocking loopback socket with a receive timeout, for speaking raw bytes to a server. Reads
/// block, so they run off the concurrency pool (`offPool`); sends of a few requests do not block.
final class RawHTTPSocket: Sendable {
    let fd: CInt

    /// Connects to 127.0.0.1:`port`; reads give up after `timeoutSeconds`.
    init(port: Int, timeoutSeconds: Int = 10) throws {
        fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: timeoutSeconds)
        if fd < 0 { throw Errno(rawValue: -fd) }
    }

    deinit { close(fd) }

    /// Sends every byte of `text`.
    func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends every byte.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, CInt(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }

    /// Reads until the peer closes, an error, or the timeout.
    func readToEnd() async -> [UInt8] {
        await offPool { self.readToEndBlocking() }
    }

    /// Reads one response (nil on EOF or timeout first).
    func readResponse(method: HTTPMethod = .get) async -> HTTPResponse? {
        await offPool { self.readResponseBlocking(method: method) }
    }

    private func readToEndBlocking() -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return all }
            all.append(contentsOf: chunk[0..<count])
        }
    }

    private func readResponseBlocking(method: HTTPMethod) -> HTTPResponse? {
        var parser = HTTPResponseParser(requestMethod: method)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let response = try? parser.next() { return response }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return try? parser.finish() }
            parser.append(Array(chunk[0..<count]))
        }
    }
}

/// Splits bytes holding several responses into responses (nil where one is malformed).
func responses(in bytes: [UInt8]) -> [HTTPResponse] {
    var parser = HTTPResponseParser()
    parser.append(bytes)
    var out: [HTTPResponse] = []
    while let response = try? parser.next() {
        out.append(response)
        parser.reset(requestMethod: .get)
    }
    return out
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
