import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

@Suite struct ServerDatabaseFileTests {
    @Test func aSecondServerOnTheSameFileRefusesToStart() async throws {
        let directory = try TemporaryDirectory(prefix: "db-lock")
        defer { directory.remove() }
        let path = directory.file("auction.sqlite")
        var configuration = ServerConfiguration.ephemeral(databasePath: path)
        configuration.allowAnonymousBids = true
        let first = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try first.start()

        // When: a second server opens the same file.
        let second = AuctionHouseServer(configuration: configuration, log: .silent)
        #expect(throws: ServerError.store(.inUse(path: path))) { try second.start() }
        #expect(ServerError.store(.inUse(path: path)).description.contains("in use by another auction-server"))

        // Then: the first one carries on, and once it stopped another may start.
        let client = try TestClient(port: addresses.socket.port)
        #expect(try await client.bid(2, 900_000_000).result)
        client.close()
        first.stop()
        let third = AuctionHouseServer(configuration: configuration, log: .silent)
        try third.start()
        third.stop()
    }

    @Test func theDatabaseAndItsWALFilesAreCreatedForTheOwnerOnly() async throws {
        let directory = try TemporaryDirectory(prefix: "db-mode")
        defer { directory.remove() }
        let path = directory.file("auction.sqlite")
        let old = umask(0o022)
        defer { umask(old) }
        var configuration = ServerConfiguration.ephemeral(databasePath: path)
        configuration.allowAnonymousBids = true
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let client = try TestClient(port: addresses.socket.port)
        #expect(try await client.bid(2, 900_000_000).result)
        client.close()

        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            #expect(stat(file, &info) == 0, "\(file) is missing")
            #expect(info.st_mode & 0o777 == 0o600, "\(file) has mode \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    @Test func afterACleanStopTheMainFileAloneHoldsEverything() async throws {
        let directory = try TemporaryDirectory(prefix: "db-checkpoint")
        defer { directory.remove() }
        let path = directory.file("auction.sqlite")
        var configuration = ServerConfiguration.ephemeral(databasePath: path)
        configuration.allowAnonymousBids = true
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        let client = try TestClient(port: addresses.socket.port)
        #expect(try await client.bid(2, 900_000_000).result)
        client.close()
        server.stop()

        // Copy only the .sqlite file, as a backup script would, and open the copy.
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let database = try SQLiteDatabase(path: copy, options: [.readWrite])
        defer { database.close() }
        #expect(try database.scalarInteger("SELECT COUNT(*) FROM products") == 67)
        #expect(try database.scalarInteger("SELECT price FROM bids WHERE product_id = 2") == 900_000_000)
        var info = stat()
        #expect(stat(path + "-wal", &info) != 0 || info.st_size == 0, "the WAL still holds \(info.st_size) bytes")
    }
}
