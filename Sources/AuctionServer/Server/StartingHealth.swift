import AuctionInfrastructure

/// The HTTP port while `start()` opens and migrates the store: `/health/live` and `/health/ready`
/// (503 `starting`, `migrating`) answer from the server's `Readiness`, anything else 503 with
/// `Retry-After: 1`. It runs on a loop of its own and is closed just before the real HTTP listener
/// binds the same port, so a load balancer or an operator sees why a node is not ready yet.
struct StartingHealth {
    /// Its own loop (the server's is not running yet).
    let loop: EventLoop
    /// The listener on the HTTP port.
    let server: HTTPServer

    /// The port it holds: the real HTTP listener binds this one (the configured port; never 0, see `holdsWhileStarting`).
    var port: Int { server.address.port }

    /// Whether the configured HTTP `port` is held while starting: a fixed one, which a load balancer or an
    /// operator asks. Not 0: nobody knows the free port picked before `start()` returns, and closing it for
    /// the real listener to bind again would let another process take it in between.
    static func holdsWhileStarting(_ port: Int) -> Bool { port != 0 }

    /// Listens on `host:port` (with `tls` when given); the error when the port cannot be bound (in
    /// use, say): the start stops there, before the store is opened.
    static func start(host: String, port: Int, tls: TLSServerSettings?, readiness: Readiness) throws(SocketError) -> StartingHealth {
        let loop = try EventLoop.spawn(name: "auction-starting")
        var router = HTTPRouter()
        router.add(HealthEndpoints(readiness: readiness))
        var configuration = HTTPServer.Configuration(host: host, port: port, maximumConnections: 64)
        configuration.tls = tls
        configuration.maximumConnectionsPerAddress = 16
        let unavailable = HTTPResponse.text(.serviceUnavailable, "starting; try again shortly\n").retryingAfter(seconds: 1)
        do throws(SocketError) {
            let server = try HTTPServer.start(configuration, on: loop) { request, responder in
                if HealthEndpoints.paths.contains(request.path) {
                    router.handle(request, responder)
                } else {
                    responder.respond(unavailable)
                }
            }
            return StartingHealth(loop: loop, server: server)
        } catch {
            loop.shutdown()
            throw error
        }
    }

    /// Closes the listener and its connections, and stops its loop; returns once the port is free.
    func close() {
        let server = self.server
        loop.waitFor { server.close() }
        loop.shutdown()
    }
}
