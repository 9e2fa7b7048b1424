import Glibc

/// Host-name resolution through `getaddrinfo`, which may block: `resolveInBackground` runs it
/// on a detached thread.
enum AddressResolver {
    /// Resolves `host` (a name or numeric address) to stream-socket addresses, blocking the caller.
    static func resolve(host: String, port: Int, passive: Bool = false) -> Result<[SocketAddressStorage], SocketError> {
        if let numeric = SocketAddressStorage(numericHost: host, port: port) { return .success([numeric]) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list)
        guard code == 0 else {
            let reason = code == EAI_SYSTEM ? Errno.current.phrase : String(cString: gai_strerror(code))
            return .failure(.resolve(host: host, reason: reason.lowercased()))
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddressStorage] = []
        var entry = list
        while let info = entry {
            let family = info.pointee.ai_family
            if (family == AF_INET || family == AF_INET6), let address = info.pointee.ai_addr {
                addresses.append(SocketAddressStorage(address, length: info.pointee.ai_addrlen))
            }
            entry = info.pointee.ai_next
        }
        guard !addresses.isEmpty else { return .failure(.resolve(host: host, reason: "no IPv4 or IPv6 address")) }
        return .success(addresses)
    }

    /// Resolves on a detached thread and calls `completion` there (numeric hosts: on the caller's thread).
    static func resolveInBackground(
        host: String, port: Int,
        _ completion: @escaping @Sendable (Result<[SocketAddressStorage], SocketError>) -> Void
    ) {
        if let numeric = SocketAddressStorage(numericHost: host, port: port) { return completion(.success([numeric])) }
        let job = Job(host: host, port: port, completion: completion)
        let context = Unmanaged.passRetained(job).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, CInt(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            job.completion(AddressResolver.resolve(host: job.host, port: job.port))
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Job>.fromOpaque(context).release()
            completion(resolve(host: host, port: port))
        }
    }

    private final class Job: Sendable {
        let host: String
        let port: Int
        let completion: @Sendable (Result<[SocketAddressStorage], SocketError>) -> Void

        init(host: String, port: Int, completion: @escaping @Sendable (Result<[SocketAddressStorage], SocketError>) -> Void) {
            self.host = host
            self.port = port
            self.completion = completion
        }
    }
}
