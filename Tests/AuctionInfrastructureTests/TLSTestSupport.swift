import AuctionInfrastructure
import AuctionTestSupport
import Glibc

/// An HTTPS server (routes /health) with throwaway certificates, on its own loop and clock.
struct TLSTestServer: Sendable {
    let certificates: ThrowawayCertificates
    let settings: TLSServerSettings
    let server: HTTPTestServer

    init(pair: ThrowawayCertificates.Pair? = nil, certificates: ThrowawayCertificates? = nil,
         limits: TLSServerSettings.Limits = .init(), clock: any TimeSource = SystemClock()) throws {
        let certificates = try certificates ?? ThrowawayCertificates()
        self.certificates = certificates
        let pair = try pair ?? certificates.issue("server")
        settings = TLSServerSettings(context: try TLSContext.server(certificateFile: pair.certificate, keyFile: pair.key, http: true),
                                     limits: limits)
        var configuration = HTTPServer.Configuration()
        configuration.tls = settings
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        router.on(.get, "/big") { _ in HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: 300_000)) }
        server = try HTTPTestServer(configuration, clock: clock, router: router)
    }

    var port: Int { server.port }

    /// Our client for `https://host:port`, trusting the throwaway CA unless told otherwise.
    func client(host: String = "127.0.0.1", trustingCA: Bool = true) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.caFile = trustingCA ? certificates.caFile : nil
        return HTTPClient(baseURL: HTTPBaseURL(host: host, port: port, isSecure: true), configuration: configuration,
                          loop: server.loop)
    }

    /// `curl` with the CA trusted; its result.
    func curl(_ path: String, host: String = "localhost", extra: [String] = []) async throws -> ProcessResult {
        let arguments = ["-sS", "--max-time", "10", "--cacert", certificates.caFile] + extra + ["https://\(host):\(port)\(path)"]
        return try await offPool { try ProcessRunner.run("/usr/bin/curl", arguments) }
    }

    func stop() {
        server.stop()
        certificates.remove()
    }
}
