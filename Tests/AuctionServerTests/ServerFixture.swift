import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation

/// A real server on free loopback ports over a fresh SQLite file in a temporary directory.
final class ServerFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    let server: AuctionHouseServer
    let addresses: ServerAddresses
    let logLines = Mutex<[String]>([])

    var databasePath: String { directory.file("auction.sqlite") }
    var socketPort: Int { addresses.socket.port }
    var httpBase: String { addresses.httpURL }

    /// Starts a server; `listings` (when given) are stored first instead of the demo catalogue;
    /// `prepare` may add rows (e.g. users) to the database before the server opens it.
    init(
        listings: [ProductListing]? = nil,
        hooks: ServerHooks = ServerHooks(),
        prepare: (String) throws -> Void = { _ in },
        clock: any TimeSource = SystemClock(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        directory = try TemporaryDirectory(prefix: "auction-server-test")
        let path = directory.file("auction.sqlite")
        if let listings {
            let store = try CatalogueStore(path: path)
            try store.add(listings)
            store.close()
        }
        try prepare(path)
        var configuration = ServerConfiguration.ephemeral(databasePath: path)
        configure(&configuration)
        let lines = logLines
        let log = ServerLog(level: .debug) { line in lines.withLock { $0.append(line) } }
        server = AuctionHouseServer(configuration: configuration, log: log, hooks: hooks, clock: clock)
        do {
            addresses = try server.start()
        } catch {
            directory.remove()
            throw error
        }
    }

    /// Stops the server and removes its files.
    func stop() {
        server.stop()
        directory.remove()
    }

    /// A connected client (no reconnects).
    func client() throws -> TestClient {
        try TestClient(port: socketPort)
    }

    /// Whether a log line contains `text`.
    func logged(_ text: String) -> Bool {
        logLines.withLock { $0.contains { $0.contains(text) } }
    }

    /// A fresh read-only look at the database.
    func inspect<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        let database = try SQLiteDatabase(path: databasePath, options: [.readOnly])
        defer { database.close() }
        return try body(database)
    }

    /// Every bid in the store as (product, price, user), oldest first.
    func storedBids() throws -> [(product: Int, price: Int64, user: Int64?)] {
        try inspect { database in
            try database.query("SELECT product_id, price, user_id FROM bids ORDER BY id") {
                (Int($0.int64(0)), $0.int64(1), $0.optionalInt64(2))
            }
        }
    }

    /// Products with ids 1…count at `price`, ending at `endsAt` when given.
    static func listings(count: Int, price: Money = 10_000, endsAt: Timestamp? = nil) -> [ProductListing] {
        let listed = SystemClock().now().adding(milliseconds: -86_400_000)
        return (1...count).map { index in
            ProductListing(id: ProductID(index), name: "Item \(index)", seller: "seller", description: "item \(index)",
                           startPrice: price, listedAt: listed, endsAt: endsAt,
                           images: [DemoCatalogue.coverImage(of: ProductID(index))])
        }
    }
}

/// A session resolver for tests: fixed tokens for fixed users.
struct FixedSessions: SessionResolver {
    let users: [String: SessionUser]

    func user(forToken token: String) -> SessionUser? { users[token] }
}
