import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 22, backups: `auction-server backup` copies the SQLite store while the real server takes a
/// storm of bids; the copy passes `integrity_check` and holds every bid acknowledged before it began.
@Suite struct ServerBackupEndToEndTests {
    static let server = BuildProducts.executable("auction-server")

    @Test func aBackupTakenDuringABidStormHoldsEveryBidAcknowledgedBeforeIt() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite"), copy = folder.file("backup.sqlite")
        let server = try await offPool { try ServerProcess(arguments: ["--db", database, "--allow-anonymous-bids", "--bids-per-second", "100000"]) }
        defer { server.send(SIGTERM); _ = server.waitForExit() }
        let acknowledged = Mutex<[Int64]>([])
        let stop = Mutex(false)
        let port = server.socketPort
        // Four bidders raise product 7 as fast as their replies come back, until told to stop.
        let storm = Task {
            await withTaskGroup(of: Void.self) { group in
                for bidder in 0..<4 {
                    group.addTask {
                        guard let client = try? SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: port, reconnects: false)) else { return }
                        client.start()
                        defer { client.close() }
                        var price = Int64(100_000_000 + bidder)
                        while !stop.withLock({ $0 }) {
                            let bid = ClientMessage.bid(Bid(productID: 7, price: Money(price)), userID: nil)
                            guard let frame = try? await client.send(bid.frame), case .reply(let reply) = try? ServerMessage(frame: frame) else { return }
                            if reply.result { acknowledged.withLock { $0.append(price) } }
                            // Then the least the server takes now (its `next_minimum`), a step above the last price.
                            if case .int(let next)? = reply.fields["next_minimum"] { price = max(price + 10, next) } else { price += 10 }
                        }
                    }
                }
            }
        }
        #expect(await eventually(timeout: 120) { acknowledged.withLock { $0.count } >= 200 })
        let before = Set(acknowledged.withLock { $0 })
        let backup = try await offPool { try ProcessRunner.run(Self.server, ["backup", "--db", database, "--to", copy]) }
        #expect(await eventually(timeout: 120) { acknowledged.withLock { $0.count } >= before.count + 50 }, "bids go on after the backup")
        stop.withLock { $0 = true }
        await storm.value

        #expect(backup.status == 0, "\(backup.stdout) \(backup.stderr)")
        #expect(backup.stdout.contains("integrity ok"), "\(backup.stdout)")
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try StoreInspection.integrityCheck(copy) == ["ok"])
        let stored = Set(try StoreInspection.bids(copy).filter { $0.product == 7 }.map(\.price))
        #expect(before.isSubset(of: stored), "\(before.subtracting(stored).count) acknowledged bids missing from the backup")
    }

    @Test func aBackupNeverOverwritesAndRefusesAPostgresStore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite"), copy = folder.file("backup.sqlite")
        let server = try await offPool { try ServerProcess(arguments: ["--db", database]) }
        defer { server.send(SIGTERM); _ = server.waitForExit() }
        #expect(try await offPool { try ProcessRunner.run(Self.server, ["backup", "--db", database, "--to", copy]) }.status == 0)
        let size = (try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0
        let again = try await offPool { try ProcessRunner.run(Self.server, ["backup", "--db", database, "--to", copy]) }
        #expect(again.status == 3 && again.stderr.contains(copy), "\(again.stderr)")
        #expect(((try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0) == size)
        let shared = try await offPool { try ProcessRunner.run(Self.server, ["backup", "--store", "postgres://x@127.0.0.1/db", "--to", folder.file("x")]) }
        #expect(shared.status == 2 && shared.stderr.contains("pg_dump"), "\(shared.stderr)")
        let missing = try await offPool { try ProcessRunner.run(Self.server, ["backup", "--db", database]) }
        #expect(missing.status == 2 && missing.stderr.contains("--to"), "\(missing.stderr)")
    }
}
