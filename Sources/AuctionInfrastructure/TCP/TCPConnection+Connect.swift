extension TCPConnection {
    /// Connects to `host:port` (name or IPv4/IPv6 literal; names resolved off the loop thread),
    /// giving up after `timeoutMilliseconds`. Callable from any thread; `completion` runs once on `loop`'s
    /// thread, with `.eventLoopShutdown` if the loop stops first (not at all if it had already stopped).
    /// With `tls`, the connection completes only once the TLS handshake has (the server's certificate
    /// verified for `host`), also within `timeoutMilliseconds`. With `localHost` (a numeric address) the
    /// connection leaves from it, e.g. a loopback alias `127.0.0.2` standing for another client.
    public static func connect(
        host: String, port: Int, timeoutMilliseconds: Int64, on loop: EventLoop, tls: TLSContext? = nil, localHost: String? = nil,
        _ completion: @escaping (Result<TCPConnection, SocketError>) -> Void
    ) {
        let completion = tls.map { context in
            { result in secure(result, context: context, host: host, timeoutMilliseconds: timeoutMilliseconds, completion) }
        } ?? completion
        let box = LoopBound(handingOver: completion, to: loop)
        guard (0...65_535).contains(port) else {
            loop.execute { box.value(.failure(.invalidPort(port))) }
            return
        }
        let target = SocketAddress(host: host, port: port)
        loop.execute {
            let connector = TCPConnector(
                target: target, timeoutMilliseconds: timeoutMilliseconds, localHost: localHost, on: loop, completion: box.value)
            connector.start()
            let handle = LoopBound(connector, on: loop)
            AddressResolver.resolveInBackground(host: host, port: port) { result in
                if loop.inEventLoop {
                    handle.value.resolved(result)
                } else {
                    loop.execute { handle.value.resolved(result) }
                }
            }
        }
    }
}

extension TCPConnection {
    /// Runs the client handshake on a fresh connection, then completes (loop thread).
    fileprivate static func secure(
        _ result: Result<TCPConnection, SocketError>, context: TLSContext, host: String, timeoutMilliseconds: Int64,
        _ completion: @escaping (Result<TCPConnection, SocketError>) -> Void
    ) {
        guard case .success(let connection) = result else { return completion(result) }
        let deadline = connection.loop.scheduleOnLoop(afterMilliseconds: timeoutMilliseconds) {
            connection.abort(reporting: .tlsHandshake(connection.remoteAddress, "no TLS handshake within \(timeoutMilliseconds) ms"))
        }
        connection.startTLS(context, host: host) { error in
            connection.loop.cancel(deadline)
            completion(error.map { .failure($0) } ?? .success(connection))
        }
    }
}
