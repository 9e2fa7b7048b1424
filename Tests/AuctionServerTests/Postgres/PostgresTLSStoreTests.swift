import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `--store` with libpq's TLS settings (`sslmode=verify-full`, `sslrootcert=`) against a PostgreSQL
/// that speaks TLS with a throwaway CA's certificate.
@Suite struct PostgresTLSStoreTests {
    @Test func theStoreSpeaksVerifiedTLSToPostgreSQLAndRefusesAnotherCA() async throws {
        let postgres = try await offPool { try PrivatePostgresServer() }
        defer { postgres.remove() }
        let certificates = try ThrowawayCertificates()
        defer { certificates.remove() }
        let pair = try certificates.issue("postgres")
        // The server (as `postgres` when we are root) reads its key from its own data folder, 0600.
        let data = postgres.directory + "/data"
        for (source, name) in [(pair.certificate, "server.crt"), (pair.key, "server.key")] {
            let target = data + "/" + name
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: source, toPath: target)
            chmod(target, 0o600)
            if getuid() == 0 { _ = try ProcessRunner.run("/bin/chown", ["postgres", target]) }
        }
        let admin = try PostgresConnection(postgres.url)
        try admin.execute("ALTER SYSTEM SET ssl = on")
        try admin.execute("SELECT pg_reload_conf()")
        admin.close()
        let database = try postgres.createDatabase("auction")
        let verified = try PostgresConnectionString(database + "?sslmode=verify-full&sslrootcert=\(certificates.caFile)")
        let node = try ServerFixture(listings: ServerFixture.listings(count: 2), configure: { $0.store = verified })
        defer { node.stop() }
        let check = try PostgresConnection(verified.conninfo)
        defer { check.close() }
        let encrypted = try check.query("SELECT count(*) FROM pg_stat_ssl WHERE ssl") { $0.int64(0) }
        #expect((encrypted.first ?? 0) >= 2, "the node's connections and this one speak TLS")
        let other = try ThrowawayCertificates()
        defer { other.remove() }
        let wrongCA = try PostgresConnectionString(database + "?sslmode=verify-full&sslrootcert=\(other.caFile)")
        #expect(throws: StoreError.self) { try PostgresConnection(wrongCA.conninfo) }
    }
}
