import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Several servers on the command line (`--socket a,b`, `--http a,b`) with the real binaries: an
/// unreachable first address is skipped, and a watch whose server stops moves to the next one.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CLIFailoverEndToEndTests {
    @Test func listSkipsAnHTTPBaseThatRefusesConnections() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let (fd, dead) = LoopbackPort.refusing()
        defer { close(fd) }
        let list = try await CLI.run(["--http", "http://127.0.0.1:\(dead),\(server.httpURL)", "list", "--json"])
        #expect(list.status == 0, "stderr: \(list.stderr)")
        #expect(list.stdout.contains("\"products\""))
    }

    @Test func aBidSkipsASocketAddressThatRefusesConnections() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let (fd, dead) = LoopbackPort.refusing()
        defer { close(fd) }
        let bid = try await CLI.run(["--socket", "127.0.0.1:\(dead),\(server.socketAddress)", "--http", server.httpURL,
                                     "bid", "4", "7,000,000", "--yes"])
        #expect(bid.status == 0, "stderr: \(bid.stderr)")
        #expect(bid.stdout.contains("accepted"))
    }

    @Test func badAddressListsAreUsageErrors() async throws {
        let empty = try await CLI.run(["--socket", "127.0.0.1:3200,,127.0.0.1:3201", "list"])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("address 2 of 3 is empty"), "stderr: \(empty.stderr)")
        let port = try await CLI.run(["list"], environment: ["AUCTION_SOCKET": "127.0.0.1:3200,127.0.0.1:99999"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("address 2 `127.0.0.1:99999`: the port must be a number from 1 to 65535"), "stderr: \(port.stderr)")
        let many = (1...17).map { "127.0.0.1:\(3200 + $0)" }.joined(separator: ",")
        let tooMany = try await CLI.run(["--http", many, "list"])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("at most 16 addresses, not 17"), "stderr: \(tooMany.stderr)")
    }

    @Test func aPipedWatchMovesToTheSecondServerWhenTheFirstStops() async throws {
        let (first, firstDirectory) = try await CLI.server()
        defer { first.stop(); firstDirectory.remove() }
        let (second, secondDirectory) = try await CLI.server()
        defer { second.stop(); secondDirectory.remove() }
        let both = ["AUCTION_SOCKET": "\(first.socketAddress),\(second.socketAddress)",
                    "AUCTION_HTTP": "\(first.httpURL),\(second.httpURL)", "HOME": "/nonexistent/auction-e2e-home"]
        let watch = try ChildProcess(CLI.auction, ["watch"], environment: both)
        defer { watch.kill() }
        // Bids on the first until the watcher surely follows its list state there.
        #expect(try await Self.bidUntilSeen(3, on: first, in: watch, from: 5_000_000), "stdout: \(watch.stdout) stderr: \(watch.stderr)")

        first.stop()
        // The watch moves to the second server: its list state is replayed there, so its bids arrive.
        #expect(try await Self.bidUntilSeen(5, on: second, in: watch, from: 6_000_000), "stdout: \(watch.stdout) stderr: \(watch.stderr)")
        // stderr is read apart from stdout: the notice may land just after the pushes were seen.
        #expect(await eventually { watch.stderr.contains("connected again") }, "stderr: \(watch.stderr)")
        watch.signal(SIGTERM)
        #expect(try await CLI.blocking { watch.waitForExit() } == 0)
    }

    /// Bids on `id` at `server` with rising prices until `watch` prints a line for it.
    static func bidUntilSeen(_ id: Int, on server: AuctionServerProcess, in watch: ChildProcess, from start: Int) async throws -> Bool {
        var price = start
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            price += 1_000
            _ = try await CLI.run(["bid", String(id), String(price), "--yes"], environment: server.clientEnvironment)
            if await eventually(timeout: 0.5, { watch.stdout.contains("\t\(id)\t") }) { return true }
        }
        return false
    }
}
