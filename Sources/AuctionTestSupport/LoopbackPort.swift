import Foundation

/// Raw loopback sockets for tests that need a port to refuse, stall or stay ours.
///
/// A port is "held" by a socket bound to it: no other test's listener can take it while the
/// descriptor stays open, which is what makes refusal tests safe in a parallel run.
public enum LoopbackPort {
    /// Binds a socket on 127.0.0.1 (or ::1) to `port` (0 picks a free one), listening with
    /// `backlog` when given; nil when another socket holds the port. Close the descriptor when done.
    public static func claim(_ port: Int = 0, ipv6: Bool = false, listenBacklog backlog: Int32? = nil) -> (fd: Int32, port: Int)? {
        let family = ipv6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var storage = sockaddr_storage()
        var length: socklen_t
        if ipv6 {
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    address.pointee.sin6_family = sa_family_t(AF_INET6)
                    address.pointee.sin6_port = UInt16(port).bigEndian
                    inet_pton(AF_INET6, "::1", &address.pointee.sin6_addr)
                }
            }
        } else {
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    address.pointee.sin_family = sa_family_t(AF_INET)
                    address.pointee.sin_port = UInt16(port).bigEndian
                    address.pointee.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
                }
            }
        }
        let bound = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0
                    && (backlog.map { listen(fd, $0) == 0 } ?? true)
                    && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { close(fd); return nil }
        let actual = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        return (fd, Int(actual))
    }

    /// A free port that refuses connections (bound, not listening) while the descriptor stays open.
    public static func refusing(ipv6: Bool = false) -> (fd: Int32, port: Int) {
        claim(ipv6: ipv6) ?? (-1, 0)
    }

    /// Runs `body` with a port that refuses connections, held for the whole call.
    public static func withRefusing<T>(_ body: (Int) async throws -> T) async rethrows -> T {
        let (fd, port) = refusing()
        defer { close(fd) }
        return try await body(port)
    }

    /// Runs `body` with a port that accepts into the kernel's backlog but never answers.
    public static func withSilent<T>(_ body: (Int) async throws -> T) async rethrows -> T {
        let (fd, port) = claim(listenBacklog: 16) ?? (-1, 0)
        defer { close(fd) }
        return try await body(port)
    }

    /// Whether something accepts TCP connections at `127.0.0.1:port`.
    public static func isListening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
