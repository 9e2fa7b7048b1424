import AuctionTestSupport
import Foundation
import Testing

/// Issue 37: our client at the wrong scheme is told which one to use — plaintext at a TLS port (the
/// server closes, or answers 400) and TLS at a plaintext port — instead of "the connection was lost".
@Suite(.serialized) struct TLSSchemeHintEndToEndTests {
    @Test func plaintextHTTPAtTheHTTPSPortIsToldToUseHTTPS() async throws {
        let secured = try await TLSEndToEndTests.secured()
        defer { secured.stop() }
        var plain = secured.environment
        plain["AUCTION_HTTP"] = "http://127.0.0.1:\(secured.httpPort)"
        let list = try await CLI.run(["list"], environment: plain)
        #expect(list.status == 3, "\(list.stderr)")
        #expect(list.stderr.contains("127.0.0.1:\(secured.httpPort): the server answers TLS (HTTPS): use --http https://127.0.0.1:\(secured.httpPort)"),
                "\(list.stderr)")
        #expect(!list.stderr.contains("connection to the server was lost"), "\(list.stderr)")
    }

    @Test func aPlaintextSocketAtTheTLSSocketIsToldToUseTLS() async throws {
        let secured = try await TLSEndToEndTests.secured()
        defer { secured.stop() }
        var plain = secured.environment
        plain["AUCTION_SOCKET"] = "127.0.0.1:\(secured.socketPort)"
        let bid = try await CLI.run(["bid", "5", "9,000,000", "--yes"], environment: plain)
        #expect(bid.status == 3, "\(bid.stderr)")
        #expect(bid.stderr.contains("the server answers TLS: use --socket tls://127.0.0.1:\(secured.socketPort)"), "\(bid.stderr)")
    }

    @Test func httpsAtAPlaintextPortIsToldToUseHTTP() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let port = ListeningLine.port(of: server.httpAddress)
        let list = try await CLI.run(["list"], environment: ["AUCTION_HTTP": "https://127.0.0.1:\(port)"])
        #expect(list.status == 3, "\(list.stderr)")
        #expect(list.stderr.contains("the server answers plaintext HTTP, not TLS: use --http http://127.0.0.1:\(port)"), "\(list.stderr)")
    }
}
