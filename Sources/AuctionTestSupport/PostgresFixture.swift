import AuctionInfrastructure
import AuctionServer
import Foundation

/// A fresh PostgreSQL database for one test, on the throwaway server `scripts/postgres` runs.
///
/// `scripts/test` starts the server and exports `AUCTION_TEST_POSTGRES_URL`; a plain `swift test`
/// starts it through the same script on first use. A server that cannot be started fails the test
/// with the script's reason — PostgreSQL tests are never skipped.
public final class PostgresFixture: Sendable {
    /// The URL of the test's own database (`postgres://auction@127.0.0.1:PORT/t_…`).
    public let url: String
    /// The database's name.
    public let name: String
    private let serverURL: String

    /// Creates an empty database with a unique name.
    public init() throws {
        serverURL = try Self.server()
        name = "t_\(getpid())_\(Self.counter.next())_\(UInt32.random(in: 0...UInt32.max))"
        url = Self.replacingDatabase(in: serverURL, with: name)
        let admin = try PostgresConnection(serverURL)
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
    }

    /// Drops the database (ending any connection still open to it).
    public func drop() {
        guard let admin = try? PostgresConnection(serverURL) else { return }
        defer { admin.close() }
        try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    deinit { drop() }

    /// The server's URL: from the environment, else started (or reused) by `scripts/postgres start`.
    public static func server() throws -> String {
        try started.withLock { (cached: inout String?) throws -> String in
            if let cached { return cached }
            if let given = ProcessInfo.processInfo.environment["AUCTION_TEST_POSTGRES_URL"], !given.isEmpty {
                cached = given
                return given
            }
            let script = packageRoot + "/scripts/postgres"
            let result = try ProcessRunner.run(script, ["start"], timeout: 120)
            let url = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard result.status == 0, url.hasPrefix("postgres://") else {
                throw FixtureError("scripts/postgres start failed (status \(result.status)): \(result.stderr)")
            }
            cached = url
            return url
        }
    }

    /// The checkout's root folder (three levels above this file).
    public static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// `url` with its database name replaced.
    static func replacingDatabase(in url: String, with database: String) -> String {
        guard let slash = url.range(of: "/", options: .backwards), slash.lowerBound > url.index(url.startIndex, offsetBy: 12) else {
            return url + "/" + database
        }
        return String(url[..<slash.lowerBound]) + "/" + database
    }

    private static let started = Mutex<String?>(nil)
    private static let counter = Counter()

    /// A test-process-wide counter for unique names.
    private final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int { value.withLock { $0 += 1; return $0 } }
    }
}

/// A fixture that could not be set up, with the reason.
public struct FixtureError: Error, CustomStringConvertible {
    /// Why.
    public let description: String
    /// Wraps a reason.
    public init(_ description: String) { self.description = description }
}
