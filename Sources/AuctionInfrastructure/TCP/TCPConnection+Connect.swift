extension TCPConnection {
    /// Connects to `host:port` (name or IPv4/IPv6 literal; names resolved off the loop thread),
    /// giving up after `timeoutMilliseconds`. Callable from any thread; `completion` runs once on `loop`'s
    /// thread, with `.eventLoopShutdown` if the loop stops first (not at all if it had already stopped).
    public static func connect(
        host: String, port: Int, timeoutMilliseconds: Int64, on loop: EventLoop,
        _ completion: @escaping (Result<TCPConnection, SocketError>) -> Void
    ) {
        let box = LoopBound(handingOver: completion, to: loop)
        guard (0...65_535).contains(port) else {
            return loop.execute { box.value(.failure(.invalidPort(port))) }
        }
        let target = SocketAddress(host: host, port: port)
        loop.execute {
            let connector = TCPConnector(
                target: target, timeoutMilliseconds: timeoutMilliseconds, on: loop, completion: box.value)
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
