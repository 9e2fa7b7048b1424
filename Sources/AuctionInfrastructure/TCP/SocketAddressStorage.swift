import Glibc

/// A C socket address (`sockaddr_storage` plus its length), IPv4 or IPv6.
struct SocketAddressStorage: Sendable {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)

    /// The address family (`AF_INET` or `AF_INET6`).
    var family: CInt { CInt(storage.ss_family) }

    init() {}

    /// Copies a C address of `length` bytes.
    init(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
        let count = min(Int(length), MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: count))
        }
        self.length = socklen_t(count)
    }

    /// Holds one C address (`sockaddr_in` or `sockaddr_in6`).
    private init<Address>(_ address: Address) {
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: Address.self) }
        length = socklen_t(MemoryLayout<Address>.size)
    }

    /// Parses a numeric IPv4 or IPv6 host (`inet_pton`); nil when `host` is a name.
    init?(numericHost host: String, port: Int) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, bare, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            self.init(v4)
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            self.init(v6)
            return
        }
        return nil
    }

    /// Calls `body` with the C address and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafeBytes(of: storage) { bytes in
            body(bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
    }

    /// Calls `body` with room for a C address and its in-out length (for `getsockname` and friends).
    mutating func withMutableSockaddr<R>(_ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> R) -> R {
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var length = self.length
        let result = withUnsafeMutableBytes(of: &storage) { bytes in
            body(bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
        }
        self.length = length
        return result
    }

    /// The address as host text and port (`inet_ntop`).
    var socketAddress: SocketAddress {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch family {
        case AF_INET:
            var v4 = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }
            inet_ntop(AF_INET, &v4.sin_addr, &text, socklen_t(text.count))
            return SocketAddress(host: Self.string(text), port: Int(UInt16(bigEndian: v4.sin_port)))
        case AF_INET6:
            var v6 = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }
            inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count))
            return SocketAddress(host: Self.string(text), port: Int(UInt16(bigEndian: v6.sin6_port)))
        default:
            return SocketAddress(host: "?", port: 0)
        }
    }

    private static func string(_ text: [CChar]) -> String {
        text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
