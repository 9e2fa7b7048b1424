import AuctionInfrastructure
import AuctionServer
import Foundation

/// A throwaway PostgreSQL server of one test's own (`scripts/postgres` with `AUCTION_POSTGRES_DIR`
/// pointing at a fresh folder), for fault tests that stop or restart it without disturbing the
/// server every other test shares. `remove()` (or deinit) stops it and deletes its folder.
public final class PrivatePostgresServer: Sendable {
    /// The server's folder (data, log, port).
    public let directory: String
    /// The server's URL (`postgres://auction@127.0.0.1:PORT/postgres`); the same after `restart()`.
    public let url: String
    /// The port it listens on.
    public var port: Int {
        let authority = url.split(separator: "@").last?.split(separator: "/").first ?? ""
        return ListeningLine.port(of: String(authority))
    }

    /// Starts a fresh server (`durable`: fsync on, as the benchmarks need).
    public init(durable: Bool = false) throws {
        // Directly under /tmp (not inside a 0700 temporary folder): as root the server runs as the
        // `postgres` user, who must reach its folder.
        directory = "/tmp/auction-private-postgres-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        url = try Self.script(["start"] + (durable ? ["--durable"] : []), directory: directory, timeout: 120)
    }

    /// Stops the server, keeping its data and port (connections see it gone).
    public func stop() throws {
        _ = try Self.script(["halt"], directory: directory, timeout: 60)
    }

    /// Starts the server again on the same port with the same data (after `stop()`).
    public func start() throws {
        _ = try Self.script(["resume"], directory: directory, timeout: 60)
    }

    /// Stops and starts it again: every open connection is broken.
    public func restart() throws {
        try stop()
        try start()
    }

    /// A new empty database on this server; its URL.
    public func createDatabase(_ name: String) throws -> String {
        let admin = try PostgresConnection(url)
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
        return PostgresFixture.replacingDatabase(in: url, with: name)
    }

    /// Stops the server and deletes its folder.
    public func remove() {
        _ = try? Self.script(["stop"], directory: directory, timeout: 60)
    }

    deinit { remove() }

    /// Runs `scripts/postgres ARGUMENTS` for `directory`; its trimmed standard output.
    private static func script(_ arguments: [String], directory: String, timeout: TimeInterval) throws -> String {
        let result = try ProcessRunner.run(PostgresFixture.packageRoot + "/scripts/postgres", arguments,
                                           environment: ["AUCTION_POSTGRES_DIR": directory], timeout: timeout)
        guard result.status == 0 else {
            throw FixtureError("scripts/postgres \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
