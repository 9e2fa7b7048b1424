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
        guard let claimed = LoopbackPort.claim(listenBacklog: 16) else { throw FixtureError("refuser: no loopback port to listen on") }
        (descriptor, port) = claimed
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
