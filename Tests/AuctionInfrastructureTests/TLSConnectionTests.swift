import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct TLSConnectionTests {
    @Test func ourClientGetsAnswersOverHTTPSByAddressAndByName() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        for host in ["127.0.0.1", "localhost"] {
            let response = try await server.client(host: host).get("/health")
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
        }
        let big = try await server.client().get("/big")
        #expect(big.body.count == 300_000)
        #expect(server.settings.counts.completed >= 2)
    }

    @Test func curlVerifiesTheCertificateAndAgreesOnHTTP11() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let result = try await server.curl("/health", extra: ["-v"])
        #expect(result.status == 0)
        #expect(result.stdout == "ok")
        #expect(result.stderr.contains("ALPN: server accepted http/1.1"))
        #expect(result.stderr.contains("TLSv1.3"))
        let unknown = try await offPool {
            try ProcessRunner.run("/usr/bin/curl", ["-sS", "--max-time", "10", "https://localhost:\(server.port)/health"])
        }
        #expect(unknown.status != 0)  // no --cacert: our CA is nobody's
    }

    @Test func opensslClientSeesTheChainVerified() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let result = try await offPool {
            try ProcessRunner.run("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(server.port)", "-servername", "localhost",
                                                       "-CAfile", server.certificates.caFile, "-verify_return_error", "-alpn", "http/1.1",
                                                       "-ign_eof", "-quiet"],
                                  stdin: "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        }
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("HTTP/1.1 200"))
        #expect(result.stdout.hasSuffix("ok"))
    }

    @Test func refusesACertificateForAnotherNameSayingWhichNames() async throws {
        let certificates = try ThrowawayCertificates()
        let server = try TLSTestServer(pair: try certificates.issue("other", for: ["DNS:auction.example"]), certificates: certificates)
        defer { server.stop() }
        let error = await failure(of: server.client(host: "localhost"))
        #expect(error.contains("the TLS certificate of localhost was refused: it is for auction.example, not localhost"), "\(error)")
    }

    @Test func refusesAnExpiredCertificateSayingWhen() async throws {
        let certificates = try ThrowawayCertificates()
        let server = try TLSTestServer(pair: try certificates.issue("expired", days: -1), certificates: certificates)
        defer { server.stop() }
        let error = await failure(of: server.client())
        #expect(error.contains("the TLS certificate of 127.0.0.1 was refused: it expired on "), "\(error)")
    }

    @Test func refusesASelfSignedCertificateWithTheCAFileHint() async throws {
        let certificates = try ThrowawayCertificates()
        let server = try TLSTestServer(pair: try certificates.selfSigned("alone"), certificates: certificates)
        defer { server.stop() }
        let error = await failure(of: server.client(trustingCA: false))
        #expect(error.contains("not signed by an authority this machine trusts (for a private CA, pass --ca-file FILE"), "\(error)")
        let withFile = await failure(of: server.client())  // a CA file was given: it is named, not hinted at (issue 37)
        #expect(withFile.contains("nor by the CA certificates in \(certificates.caFile)"), "\(withFile)")
        let untrusted = try TLSTestServer(certificates: certificates)
        defer { untrusted.server.stop() }
        let withoutCA = await failure(of: untrusted.client(trustingCA: false))
        #expect(withoutCA.contains("--ca-file"), "\(withoutCA)")
    }

    @Test func refusesTLS10And11() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        for version in ["-tls1", "-tls1_1"] {
            let result = try await offPool {
                try ProcessRunner.run("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(server.port)", version,
                                                           "-cipher", "DEFAULT@SECLEVEL=0"],
                                      environment: ["OPENSSL_CONF": "/dev/null"], stdin: "")
            }
            #expect(result.status != 0)
        }
        #expect(await eventually(timeout: 10) { server.settings.counts.failed == 2 })
        #expect(server.settings.counts.completed == 0)
    }

    @Test func answersPlaintextHTTPWithA400AndDropsCutOffHandshakes() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let plaintext = try RawHTTPSocket(port: server.port)
        plaintext.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let answer = String(decoding: await plaintext.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 400 ") && answer.contains("The plain HTTP request was sent to HTTPS port"), "\(answer)")
        #expect(!answer.contains("ok"))
        let cut = try RawHTTPSocket(port: server.port)
        cut.send([0x16, 0x03, 0x01, 0x02, 0x00] + [UInt8](repeating: 0x01, count: 100))
        shutdown(cut.fd, CInt(SHUT_WR))
        _ = await cut.readToEnd()
        #expect(await eventually(timeout: 10) { server.settings.counts.failed == 1 && server.settings.pendingHandshakes == 0 })
        #expect(try await server.client().get("/health").body == Array("ok".utf8))
    }

    @Test func dropsAStalledHandshakeAtTheDeadline() async throws {
        let clock = ManualClock()
        var limits = TLSServerSettings.Limits()
        limits.handshakeTimeoutMilliseconds = 5_000
        let server = try TLSTestServer(limits: limits, clock: clock)
        defer { server.stop() }
        let staller = try RawHTTPSocket(port: server.port)
        staller.send([0x16, 0x03, 0x01])  // half a record header, then nothing
        #expect(await eventually(timeout: 10) { server.settings.pendingHandshakes == 1 })
        clock.advance(milliseconds: 4_999)
        #expect(server.settings.counts.timedOut == 0)
        clock.advance(milliseconds: 1)
        #expect(await eventually(timeout: 10) { server.settings.counts.timedOut == 1 })
        #expect(await staller.readToEnd().isEmpty)
        #expect(server.settings.pendingHandshakes == 0)
    }

    @Test func boundsHandshakesFromOneAddressWhileOthersAreServed() async throws {
        let clock = ManualClock()  // the per-second window does not move during the test
        var limits = TLSServerSettings.Limits()
        limits.handshakesPerAddressPerSecond = 50
        let server = try TLSTestServer(limits: limits, clock: clock)
        defer { server.stop() }
        let flood = (0..<1_000).map { _ in BlockingLoopbackSocket.connect(port: server.port, receiveTimeoutSeconds: 5) }
        defer { for fd in flood where fd >= 0 { close(fd) } }
        #expect(flood.allSatisfy { $0 >= 0 }, "connects failed with errno \(Set(flood.filter { $0 < 0 }.map { -$0 }))")
        #expect(await eventually(timeout: 10) { server.settings.counts.refusedByRate == 950 })
        #expect(server.settings.pendingHandshakes == 50)
        let bystander = try await server.curl("/health", extra: ["--interface", "127.0.0.2"])
        #expect(bystander.stdout == "ok", "\(bystander.stderr)")
    }

    @Test func survivesGarbageAndTruncatedRecords() async throws {
        var limits = TLSServerSettings.Limits()
        limits.handshakesPerAddressPerSecond = 100_000  // every round reaches the record layer
        let server = try TLSTestServer(limits: limits)
        defer { server.stop() }
        var random = SplitMix64(seed: 20)
        let rounds = 200
        for round in 0..<rounds {
            let socket = try RawHTTPSocket(port: server.port, timeoutSeconds: 5)
            var bytes = (0..<Int(random.next() % 600)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 0 {  // a plausible handshake record header, then garbage or a cut
                bytes = [0x16, 0x03, 0x01, UInt8(random.next() % 64), UInt8(truncatingIfNeeded: random.next())] + bytes
            }
            socket.send(bytes)
            shutdown(socket.fd, CInt(SHUT_WR))
            _ = await socket.readToEnd()
        }
        #expect(await eventually(timeout: 20) { server.settings.pendingHandshakes == 0 })
        // A round whose first byte is an HTTP method's capital is answered as plaintext instead.
        #expect(server.settings.counts.failed + server.settings.counts.plaintext == rounds)
        #expect(try await server.client().get("/health").body == Array("ok".utf8))
    }

    /// The sentence a request that fails to connect ends with.
    private func failure(of client: HTTPClient) async -> String {
        do {
            _ = try await client.get("/health")
            return "no error"
        } catch {
            return error.description
        }
    }
}
