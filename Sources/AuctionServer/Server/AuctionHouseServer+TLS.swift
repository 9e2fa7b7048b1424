import AuctionInfrastructure

extension AuctionHouseServer {
    /// Loads the TLS certificate when `--tls-cert` is set (nil for plaintext).
    func loadCertificates(into running: inout Running) throws(ServerError) -> ServerCertificates? {
        let transport = configuration.transport
        guard transport.isEnabled else { return nil }
        let certificates: ServerCertificates
        do throws(TLSSetupError) {
            certificates = try ServerCertificates(transport, log: log)
        } catch {
            throw .tls(error)
        }
        running.certificates = certificates
        let limits = transport.handshakes
        log.info("tls: HTTPS and the socket speak TLS 1.2/1.3 with \(transport.certificateFile ?? "?") "
                 + "(handshakes: \(limits.handshakeTimeoutMilliseconds / 1_000) s deadline, \(limits.handshakesPerAddressPerSecond)/s "
                 + "per address, \(limits.maximumPendingHandshakes) at once, \(limits.handshakesPerAddress) from one address); SIGHUP reloads it")
        return certificates
    }

    /// Starts the plaintext listeners asked for beside TLS, and the check for changed certificate files.
    func startPlaintextListeners(beside certificates: ServerCertificates?, service: SocketService, handler: @escaping HTTPRouter.Handler,
                                 loop: EventLoop, into running: inout Running) throws(ServerError) {
        guard let certificates else { return }
        running.addresses?.isTLS = true
        let transport = configuration.transport
        if let port = transport.plainSocketPort {
            do throws(SocketError) {
                let address = try service.listen(port: port, bound: running.ports.plainSocket)
                running.addresses?.plainSocket = address
                log.warning("server: PLAINTEXT auction socket on \(address) (--plain-socket-port): passwords and tokens cross it unencrypted")
            } catch {
                throw .listen(service: "the plaintext socket on \(configuration.host):\(port)", error)
            }
        }
        if let port = transport.plainHTTPPort {
            do throws(SocketError) {
                var plain = httpConfiguration
                plain.port = port
                plain.bound = running.ports.plainHTTP
                let http = try HTTPServer.start(plain, on: loop, handler: handler)
                running.parts.httpListener("plaintext HTTP", http)
                running.addresses?.plainHTTP = http.address
                log.warning("server: PLAINTEXT HTTP on \(http.address) (--plain-http-port): passwords and tokens cross it unencrypted")
            } catch {
                throw .listen(service: "plaintext HTTP on \(configuration.host):\(port)", error)
            }
        }
        Self.checkCertificateFiles(certificates, every: transport.fileCheckMilliseconds, on: loop)
    }

    /// Loads the certificate files again for new connections (SIGHUP); false when there is no TLS or
    /// the new pair does not load (the old one stays, a warning says why).
    @discardableResult
    public func reloadCertificates() -> Bool {
        guard let certificates = state.withLock({ $0.certificates }) else { return false }
        return certificates.reload(reason: "SIGHUP")
    }

    /// Looks at the certificate files' modification times every `milliseconds` and reloads on a change.
    private static func checkCertificateFiles(_ certificates: ServerCertificates, every milliseconds: Int64, on loop: EventLoop) {
        _ = loop.schedule(afterMilliseconds: milliseconds) {
            certificates.reloadIfChanged()
            checkCertificateFiles(certificates, every: milliseconds, on: loop)
        }
    }
}
