/// After a failure, asks a server once which scheme it speaks, so the error can say which to use: a
/// TLS server answering a plaintext client closes (or answers 400) and a plaintext server answering a
/// TLS hello sends bytes OpenSSL cannot read, both of which look like any other lost connection.
public enum SchemeProbe {
    /// Whether `host:port` answers a TLS hello with TLS: the handshake completes, or gets as far as
    /// the server's certificate (refused or not).
    public static func speaksTLS(host: String, port: Int, context: TLSContext, timeoutMilliseconds: Int64) async -> Bool {
        guard let loop = try? EventLoop.spawn(name: "auction-probe") else { return false }
        defer { loop.shutdown() }
        return await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            TCPConnection.connect(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds, on: loop, tls: context) { result in
                switch result {
                case .success(let connection):
                    once.resume(true)
                    connection.abort()
                case .failure(.tlsVerification):
                    once.resume(true)
                case .failure:
                    once.resume(false)
                }
            }
        }
    }

    /// Whether `host:port` answers a plaintext `HEAD / HTTP/1.0` with anything but TLS: the first byte
    /// of its answer is not a TLS record's (20–23). Closing without a byte is not an answer.
    public static func speaksPlaintext(host: String, port: Int, timeoutMilliseconds: Int64) async -> Bool {
        guard let loop = try? EventLoop.spawn(name: "auction-probe") else { return false }
        defer { loop.shutdown() }
        return await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            TCPConnection.connect(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds, on: loop) { result in
                guard case .success(let connection) = result else { return once.resume(false) }
                let deadline = loop.scheduleOnLoop(afterMilliseconds: timeoutMilliseconds) {
                    connection.abort()
                    once.resume(false)
                }
                connection.onRead = { bytes in
                    loop.cancel(deadline)
                    // Answered before aborting: the abort reports through `onClose`, which would say "no answer".
                    once.resume(!(20...23).contains(bytes.first ?? 0))
                    connection.abort()
                }
                connection.onClose = { _ in
                    loop.cancel(deadline)
                    once.resume(false)
                }
                _ = connection.write(Array("HEAD / HTTP/1.0\r\nHost: \(host)\r\n\r\n".utf8))
            }
        }
    }
}

/// A continuation resumed once, whichever callback comes first.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = Mutex(continuation) }

    func resume(_ value: Bool) {
        let pending = continuation.withLock { slot -> CheckedContinuation<Bool, Never>? in
            defer { slot = nil }
            return slot
        }
        pending?.resume(returning: value)
    }
}
