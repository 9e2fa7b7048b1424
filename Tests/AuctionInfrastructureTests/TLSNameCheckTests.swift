import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Issue 37: a client session never verifies only the chain. Without a name, with an empty one, or
/// with one OpenSSL's name check does not take (a bracketed address), it fails closed, or checks the
/// address inside the brackets; a certificate from a trusted CA for another name is refused.
@Suite struct TLSNameCheckTests {
    /// Connects in plaintext to the server, then starts client TLS with `host`; the error, nil when established.
    private func handshake(_ server: TLSTestServer, host: String?) async -> SocketError? {
        let loop = server.server.loop
        let context = try? TLSContext.client(caFile: server.certificates.caFile, http: true)
        return await withCheckedContinuation { continuation in
            TCPConnection.connect(host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5_000, on: loop) { result in
                guard case .success(let connection) = result, let context else { return continuation.resume(returning: .eventLoopShutdown) }
                connection.startTLS(context, host: host) { error in
                    connection.abort()
                    continuation.resume(returning: error)
                }
            }
        }
    }

    @Test func aClientWithoutTheServersNameFailsClosed() async throws {
        let certificates = try ThrowawayCertificates()
        let server = try TLSTestServer(pair: try certificates.issue("other", for: ["DNS:auction.example"]), certificates: certificates)
        defer { server.stop() }
        for host in [nil, ""] {
            let error = await handshake(server, host: host)
            #expect(error?.description.contains("a TLS client needs the server's name to check its certificate") == true, "\(String(describing: error))")
        }
        #expect(await handshake(server, host: "auction.example") == nil)  // the right name passes
    }

    @Test func aBracketedAddressIsCheckedNotSkipped() async throws {
        let certificates = try ThrowawayCertificates()
        let server = try TLSTestServer(pair: try certificates.issue("other", for: ["DNS:auction.example"]), certificates: certificates)
        defer { server.stop() }
        let error = await handshake(server, host: "[127.0.0.1]")
        guard case .tlsVerification(_, let sentence) = error else { Issue.record("handshake: \(String(describing: error))"); return }
        #expect(sentence.contains("it is for auction.example"), "\(sentence)")
    }

    @Test func theCAFileHintOnlyWhenNoCAFileWasGiven() async throws {
        let served = try ThrowawayCertificates(), stranger = try ThrowawayCertificates()
        defer { stranger.remove() }
        let server = try TLSTestServer(certificates: served)
        defer { server.stop() }
        var configuration = HTTPClient.Configuration()
        configuration.caFile = stranger.caFile  // a CA file, but not the one that signed the server's certificate
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: server.port, isSecure: true), configuration: configuration,
                                loop: server.server.loop)
        let withFile = await failure(of: client)
        #expect(withFile.contains("not signed by an authority this machine trusts nor by the CA certificates in \(stranger.caFile)"), "\(withFile)")
        #expect(!withFile.contains("pass --ca-file"), "\(withFile)")
        let without = await failure(of: server.client(trustingCA: false))
        #expect(without.contains("pass --ca-file"), "\(without)")
    }

    private func failure(of client: HTTPClient) async -> String {
        do {
            _ = try await client.get("/health")
            return "no failure"
        } catch {
            return "\(error)"
        }
    }
}
