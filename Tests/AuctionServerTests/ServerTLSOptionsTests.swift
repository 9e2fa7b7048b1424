import AuctionServer
import Testing

@Suite struct ServerTLSOptionsTests {
    @Test func tlsComesFromFlagsTheEnvironmentOrTheFile() throws {
        let flags = try ServerOptionsTests.parse(["--tls-cert", "/c.pem", "--tls-key", "/k.pem", "--plain-socket-port", "8100",
                                                  "--plain-http-port", "8099", "--tls-handshake-timeout", "5",
                                                  "--tls-handshakes-per-address", "8", "--tls-max-handshakes", "64",
                                                  "--tls-max-handshakes-per-address", "2"])
        #expect(flags.transport.isEnabled)
        #expect(flags.transport.certificateFile == "/c.pem" && flags.transport.keyFile == "/k.pem")
        #expect(flags.transport.plainSocketPort == 8100 && flags.transport.plainHTTPPort == 8099)
        #expect(flags.transport.handshakes.handshakeTimeoutMilliseconds == 5_000)
        #expect(flags.transport.handshakes.handshakesPerAddressPerSecond == 8)
        #expect(flags.transport.handshakes.maximumPendingHandshakes == 64)
        #expect(flags.transport.handshakes.handshakesPerAddress == 2)
        #expect(try ServerOptionsTests.parse(["--tls-max-handshakes", "64"]).transport.handshakes.handshakesPerAddress == 4)  // a sixteenth
        let environment = try ServerOptionsTests.parse([], environment: ["AUCTION_SERVER_TLS_CERT": "/e.pem", "AUCTION_SERVER_TLS_KEY": "/e.key"])
        #expect(environment.transport.certificateFile == "/e.pem" && environment.transport.keyFile == "/e.key")
        let file = try ServerOptionsTests.parse(["--config", "f"], files: ["f": "tls_cert = /f.pem\ntls_key = /f.key\n"])
        #expect(file.transport.isEnabled)
        #expect(try ServerOptionsTests.parse([]).transport.isEnabled == false)
    }

    @Test func aCertificateNeedsItsKeyAndPlaintextListenersNeedTLS() {
        #expect(throws: ServerOptionsError.invalidValue(source: "--tls-cert", value: "/c.pem",
                                                        expected: "both --tls-cert and --tls-key (or neither)")) {
            try ServerOptionsTests.parse(["--tls-cert", "/c.pem"])
        }
        #expect(throws: ServerOptionsError.invalidValue(
            source: "--plain-socket-port", value: "8100",
            expected: "--tls-cert and --tls-key too (without TLS the main ports are plaintext)")) {
            try ServerOptionsTests.parse(["--plain-socket-port", "8100"])
        }
    }
}
