import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

@Suite struct CommandEditWithdrawTests {
    @Test func editSendsOnlyTheGivenFieldsAsJSON() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let run = await CommandHarness.run(["edit", "7", "--name", "Brass lamp (polished)", "--reserve", "8,000", "--duration", "45m"],
                                           environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "edited: lot 7\n")
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == .patch && request.path == "/products/7")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self)
                == #"{"name":"Brass lamp (polished)","duration_seconds":2700,"reserve":8000}"#)
    }

    @Test func editUploadsEachImageFirstThenSendsTheirHashes() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let path = server.config.file("a.webp")
        let webp = Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        try Data(webp).write(to: URL(fileURLWithPath: path))

        let run = await CommandHarness.run(["edit", "7", "--image", path, "--image", path], environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        let requests = server.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["POST /images", "POST /images", "PATCH /products/7"])
        #expect(requests[0].headers["Content-Type"] == "image/webp" && requests[0].body == webp)
        let hash = String(repeating: "ab", count: 32)
        #expect(String(decoding: requests[2].body, as: UTF8.self) == #"{"image_hashes":["\#(hash)","\#(hash)"]}"#)
    }

    @Test func editWithNothingToChangeIsAUsageError() async throws {
        let run = await CommandHarness.run(["edit", "7"])
        #expect(run.status == .usage && run.stderr.contains("needs at least one change"))
    }

    @Test(arguments: [
        ("not_seller", 403, "only the lot's seller may change or withdraw it"),
        ("locked_by_bids", 409, "its start price and end time are locked"),
    ])
    func editShowsTheRefusal(reason: String, status: Int, message: String) async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(status, #"{"error":"no","reason":"\#(reason)"}"#) }
        defer { server.stop() }

        let run = await CommandHarness.run(["edit", "7", "--start-price", "5"], environment: server.environment())

        #expect(run.status == .refused)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func editOfAnUnknownLotSaysSo() async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(404, #"{"error":"no product 9","reason":"unknown_product"}"#) }
        defer { server.stop() }

        let run = await CommandHarness.run(["edit", "9", "--name", "y"], environment: server.environment())

        #expect(run.status == .refused)
        #expect(run.stderr.contains("no product 9"), "\(run.stderr)")
    }

    @Test func withdrawWithYesSendsADelete() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let run = await CommandHarness.run(["withdraw", "7", "--yes"], environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "withdrawn: lot 7\n")
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["DELETE /products/7"])
    }

    @Test func withdrawOnAPipeWithoutYesSendsNothing() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let run = await CommandHarness.run(["withdraw", "7"], environment: server.environment())

        #expect(run.status == .notConfirmed)
        #expect(run.stderr.contains("no terminal to confirm it on"))
        #expect(server.requests.isEmpty)
    }

    @Test func withdrawAsksOnATerminal() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let declined = await CommandHarness.run(["withdraw", "7"], environment: server.environment(), confirm: { _ in false })
        let accepted = await CommandHarness.run(["withdraw", "7"], environment: server.environment(), confirm: { _ in true })

        #expect(declined.status == .notConfirmed && accepted.status == .success)
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["DELETE /products/7"])
    }

    @Test func withdrawOfALotWithBidsIsRefused() async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(409, #"{"error":"the lot has bids","reason":"has_bids"}"#) }
        defer { server.stop() }

        let run = await CommandHarness.run(["withdraw", "7", "--yes"], environment: server.environment())

        #expect(run.status == .refused)
        #expect(run.stderr.contains("the lot has bids and can no longer be withdrawn"), "\(run.stderr)")
    }
}
