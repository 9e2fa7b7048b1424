import AuctionTestSupport
import Foundation
import Testing

/// The real `auction` binary against a double of the original Node backend (silent on unknown types,
/// no reasons, a bid without `user_id` ends its process, history newest first, 400 for unknown ids).
@Suite struct OriginalBackendEndToEndTests {
    static func backend() throws -> OriginalBackendDouble {
        try OriginalBackendDouble(items: (1...20).map { id in
            OriginalBackendDouble.Item(id: id, name: "Item \(id)", startPrice: 10_000, price: 10_000 + Int64(id) * 100,
                                       history: [("2026-11-21", 10_300), ("2026-11-22", 30_000)])
        })
    }

    @Test func aBidWithoutAUserIDIsRefusedHereAndNeverReachesTheOriginal() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let result = try await CLI.run(["bid", "7", "12345", "--yes"], environment: backend.environment)
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains("speaks the original protocol, which needs a user id"))
        #expect(result.stderr.contains("user_id"))
        #expect(!backend.hasCrashed, "the bid reached the original and ended its process")
        #expect(!backend.receivedFrames.contains { $0.contains(#""dataType":2"#) })
    }

    @Test func aBidToTheOriginalCarriesTheConfiguredUserID() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let result = try await CLI.run(["bid", "7", "12345", "--yes"], environment: backend.environment.merging(["AUCTION_USER_ID": "3"]) { $1 })
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("accepted"))
        #expect(!backend.hasCrashed)
        let bids = backend.receivedFrames.filter { $0.contains(#""dataType":2"#) }
        #expect(bids.count == 1 && bids[0].contains(#""user_id":3"#), "\(bids)")
        // The hello went out first and was ignored; no login or other extension was sent.
        #expect(backend.receivedFrames.first?.contains(#""dataType":11"#) == true)
        #expect(!backend.receivedFrames.contains { $0.contains(#""dataType":3"#) })
    }

    @Test func theOriginalDockerProfileSkipsTheHello() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        var env = backend.environment
        env["AUCTION_PROFILE"] = "original-docker"
        env["AUCTION_USER_ID"] = "3"
        let result = try await CLI.run(["bid", "7", "12345", "--yes"], environment: env)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(backend.receivedFrames.allSatisfy { $0.contains(#""dataType":2"#) }, "\(backend.receivedFrames)")
    }

    @Test func watchingIdsOnTheOriginalIsRefusedInsteadOfAScreenThatNeverChanges() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let result = try await CLI.run(["watch", "--ids", "3,5"], environment: backend.environment, timeout: 20)
        #expect(result.status == 2, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains("`--ids` needs a server that can subscribe"))
        #expect(result.stderr.contains("--pages"))
        #expect(!backend.receivedFrames.contains { $0.contains(#""dataType":4"#) }, "no subscribe the original would ignore")
    }

    @Test func showOrdersTheOriginalsNewestFirstHistoryOldestFirst() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let result = try await CLI.run(["show", "7", "--json"], environment: backend.environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let history = (json?["history"] as? [[String: Any]]) ?? []
        #expect(history.map { $0["date"] as? String } == ["2026-11-21", "2026-11-22"])
        #expect(history.map { ($0["price"] as? NSNumber)?.int64Value } == [10_300, 30_000])
    }

    @Test func anUnknownProductOnTheOriginalIsNotFound() async throws {
        let backend = try Self.backend()
        defer { backend.stop() }
        let result = try await CLI.run(["show", "999"], environment: backend.environment)
        #expect(result.status == 1)
        #expect(result.stderr == "auction: not found: product 999\n")
    }
}
