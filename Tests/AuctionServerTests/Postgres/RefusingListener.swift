import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc

/// A loopback port that accepts each connection and closes it at once, counting them: a PostgreSQL
/// that is down, where a test can tell whether a client tried to connect.
// @unchecked Sendable: `accepted` is a `Mutex`; the descriptor is `let` and shut once by `close()`.
final class RefusingListener: @unchecked Sendable {
    /// The port it listens on.
    let port: Int
    private let descriptor: CInt
    private let accepted = Mutex(0)

    /// Listens on a free port of 127.0.0.1.
    init() throws {
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("refuser: socket failed (errno \(errno))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw FixtureError("refuser: bind/listen failed (errno \(errno))")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Connections accepted so far; counted before each is closed, so a client that saw the close was counted.
    var connections: Int { accepted.withLock { $0 } }

    /// Stops listening.
    func close() { shutdown(descriptor, CInt(SHUT_RDWR)) }

    private func acceptLoop() {
        while true {
            let client = accept(descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            accepted.withLock { $0 += 1 }
            Glibc.close(client)
        }
        Glibc.close(descriptor)
    }
}
