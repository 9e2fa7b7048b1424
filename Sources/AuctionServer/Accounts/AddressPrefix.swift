import Glibc

/// The network a client address belongs to, for limits a client cannot dodge by changing the last
/// bits of its address: the /24 of an IPv4 address, the /64 of an IPv6 address.
public enum AddressPrefix {
    /// `a.b.c.0/24` for IPv4 (also IPv4-mapped IPv6), `x:x:x:x::/64` for IPv6 (lower-case hex),
    /// or the text itself when it is not a numeric address.
    public static func network(of address: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return ipv4Network(withUnsafeBytes(of: &v4) { Array($0) })
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return ipv4Network(Array(bytes[12..<16]))
        }
        let groups = (0..<4).map { index in String(UInt16(bytes[2 * index]) << 8 | UInt16(bytes[2 * index + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    private static func ipv4Network(_ bytes: [UInt8]) -> String {
        "\(bytes[0]).\(bytes[1]).\(bytes[2]).0/24"
    }
}
