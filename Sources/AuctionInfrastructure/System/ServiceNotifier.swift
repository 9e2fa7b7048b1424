import Glibc

/// Tells systemd how the service is doing (`sd_notify`'s protocol): one datagram of `KEY=VALUE` lines to
/// the Unix socket named by `NOTIFY_SOCKET` (a path, or `@name` in the abstract namespace). Without that
/// variable (not started by systemd with `Type=notify`) it does nothing.
public enum ServiceNotifier {
    /// Sends `state` (e.g. `READY=1`); false when there is no socket to tell or the send failed.
    @discardableResult
    public static func notify(_ state: String, environment: [String: String] = ProcessEnvironment.current()) -> Bool {
        guard let target = environment["NOTIFY_SOCKET"], !target.isEmpty else { return false }
        var bytes = Array(target.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs its terminating NUL inside sun_path; an abstract name uses every byte given.
        guard bytes.count + (abstract ? 0 : 1) <= capacity, target.utf8.count > 1 || !abstract else { return false }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
        return sent == message.count
    }
}
