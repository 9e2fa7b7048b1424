import AuctionInfrastructure
import Foundation
import Glibc

/// A loopback TCP forwarder between a client (a node) and a server (PostgreSQL) whose traffic a test
/// can blackhole or cut: a network partition without root.
///
/// Each accepted connection gets a connection of its own to `127.0.0.1:targetPort` and one thread
/// that copies bytes both ways. `blackhole()` stops copying (bytes wait in the kernel buffers and new
/// connections are accepted but not forwarded: peers see silence, as behind a dropped link);
/// `cut()` also resets every open connection; `heal()` forwards again.
// @unchecked Sendable: `state` is a `Mutex`; the listener descriptor is `let` and closed once by `close()`.
public final class LoopbackTCPProxy: @unchecked Sendable {
    /// What the proxy does with traffic.
    public enum Mode: Sendable, Equatable {
        /// Copies bytes both ways.
        case forwarding
        /// Copies nothing; connections stay open.
        case blackholed
    }

    /// The port clients connect to.
    public let port: Int
    /// The port traffic is forwarded to.
    public let targetPort: Int
    private let listener: CInt
    private let state = Mutex(State())

    private struct State {
        var mode = Mode.forwarding
        var closed = false
        /// Bumped by `cut()`: connections opened before it end.
        var generation = 0
        var open = 0
        /// Bytes that, seen going from a client to the server, blackhole the proxy (that chunk dropped).
        var trigger: [UInt8]?
    }

    /// Listens on a free loopback port and forwards to `127.0.0.1:targetPort`.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("proxy: socket failed (errno \(errno))") }
        var one: CInt = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<CInt>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw FixtureError("proxy: bind/listen failed (errno \(errno))")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The current mode.
    public var mode: Mode { state.withLock { $0.mode } }

    /// Connections currently open through the proxy.
    public var openConnections: Int { state.withLock { $0.open } }

    /// Stops copying bytes; connections stay open but silent.
    public func blackhole() { state.withLock { $0.mode = .blackholed } }

    /// Resets every open connection and blackholes new ones until `heal()`.
    public func cut() {
        state.withLock {
            $0.mode = .blackholed
            $0.generation += 1
        }
    }

    /// Forwards again.
    public func heal() { state.withLock { $0.mode = .forwarding } }

    /// Blackholes the proxy the moment a client sends `pattern` (the chunk holding it is dropped):
    /// a link lost at an exact point, e.g. just as a `COMMIT` leaves.
    public func blackhole(whenClientSends pattern: [UInt8]) { state.withLock { $0.trigger = pattern } }

    /// Stops listening and ends every connection.
    public func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true; state.generation += 1 }
            return !state.closed
        }
        if first { shutdown(listener, CInt(SHUT_RDWR)) }
    }

    deinit { close() }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            let generation = state.withLock { state -> Int in
                state.open += 1
                return state.generation
            }
            Thread.detachNewThread { [self] in
                pump(client, generation: generation)
                state.withLock { $0.open -= 1 }
            }
        }
        Glibc.close(listener)
    }

    /// Copies bytes between `client` and a new connection to the target until either side ends,
    /// the proxy is closed or a `cut()` ends this connection's generation.
    private func pump(_ client: CInt, generation: Int) {
        let server = BlockingLoopbackSocket.connect(port: targetPort)
        defer {
            abortive(client)
            if server >= 0 { abortive(server) }
        }
        guard server >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let (mode, current) = state.withLock { ($0.mode, $0.generation) }
            if current != generation { return }
            guard mode == .forwarding else {
                usleep(20_000)
                continue
            }
            var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, 50)
            if ready < 0 && errno != EINTR { return }
            for (index, entry) in fds.enumerated() where entry.revents != 0 {
                let from = index == 0 ? client : server, to = index == 0 ? server : client
                let count = read(from, &buffer, buffer.count)
                if count <= 0 { return }
                if index == 0, triggered(by: buffer[0..<count]) { break }
                if !writeAll(to, buffer, count) { return }
            }
        }
    }

    /// Whether `chunk` holds the trigger: then the proxy is blackholed and the trigger spent.
    private func triggered(by chunk: ArraySlice<UInt8>) -> Bool {
        state.withLock { state -> Bool in
            guard let pattern = state.trigger, !pattern.isEmpty, chunk.count >= pattern.count else { return false }
            var start = chunk.startIndex
            while start + pattern.count <= chunk.endIndex {
                if chunk[start..<(start + pattern.count)].elementsEqual(pattern) {
                    state.trigger = nil
                    state.mode = .blackholed
                    return true
                }
                start += 1
            }
            return false
        }
    }

    private func writeAll(_ fd: CInt, _ buffer: [UInt8], _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { send(fd, $0.baseAddress! + offset, count - offset, CInt(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Closes with a reset (SO_LINGER 0), as a dropped link looks to the peer once it notices.
    private func abortive(_ fd: CInt) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        Glibc.close(fd)
    }
}

extension LoopbackTCPProxy {
    /// A proxy in front of the PostgreSQL server of `url` (`…@127.0.0.1:PORT/db`), and the same URL
    /// through the proxy.
    public static func inFront(ofPostgres url: String) throws -> (proxy: LoopbackTCPProxy, url: String) {
        let serverPort = ListeningLine.port(of: String(url.split(separator: "@").last?.split(separator: "/").first ?? ""))
        let proxy = try LoopbackTCPProxy(targetPort: serverPort)
        return (proxy, url.replacingOccurrences(of: ":\(serverPort)/", with: ":\(proxy.port)/"))
    }
}
