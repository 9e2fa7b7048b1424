#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation

/// What the `tls` and `tls-flood` suites start from: a scratch folder, a throwaway CA with the server's
/// pair, a client context that trusts it, and a server configuration with TLS on both listeners and
/// bids unbounded (prices far above the catalogue's, as in `server`).
struct TLSBenchSetup {
    /// The scratch folder (the database lives here).
    let folder: String
    /// The throwaway CA.
    let certificates: ThrowawayCertificates
    /// The server's certificate and key.
    let pair: ThrowawayCertificates.Pair
    /// A socket client's context, trusting the CA.
    let socketTLS: TLSContext
    /// The server's configuration to start from.
    let configuration: ServerConfiguration

    /// Makes it for the suite `suite` (named in the folder and in the error printed); nil when it cannot.
    init?(suite: String) {
        folder = FileManager.default.temporaryDirectory.path + "/auction-bench-\(suite)-\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            certificates = try ThrowawayCertificates()
            pair = try certificates.issue("server")
            socketTLS = try TLSContext.client(caFile: certificates.caFile, http: false)
        } catch {
            print("\(suite) benchmark: cannot make the throwaway CA: \(error)")
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        var configuration = ServerConfiguration.ephemeral(databasePath: folder + "/auction.sqlite")
        configuration.allowAnonymousBids = true
        configuration.limits.bidsPerSecond = 10_000_000
        configuration.priceLimits.maximumPrice = Money.largestExact
        configuration.priceLimits.maximumRaise = Money.largestExact
        configuration.transport.certificateFile = pair.certificate
        configuration.transport.keyFile = pair.key
        self.configuration = configuration
    }

    /// Removes the CA, then the folder.
    func remove() {
        certificates.remove()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
