import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

@Suite struct CommandSellTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    private static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 9, 8, 7]

    private func write(_ bytes: [UInt8], _ name: String, in server: SellingFakeServer) throws -> String {
        let path = server.config.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func sellSendsOneMultipartPostWithFieldsAndImageParts() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let lamp = try write(Self.png, "lamp.png", in: server), side = try write(Self.jpeg, "side.jpg", in: server)

        let run = await CommandHarness.run(["sell", "--name", "Brass lamp", "--start-price", "9,000,000", "--duration", "1h30m",
                                            "--description", "old\nand bright", "--image", lamp, "--image", side,
                                            "--min-increment", "1,000", "--reserve", "9,500,000", "--buy-now", "20,000,000"],
                                           environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "listed: lot 42 (Brass lamp), starting at 9,000,000\n")
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == .post && request.path == "/products")
        #expect(request.headers["Authorization"] == "Bearer \(SellingFakeServer.token)")
        let form = try MultipartFormData(body: request.body, contentType: try #require(request.headers["Content-Type"]))
        #expect(form.parts.filter { !$0.isFile }.map { "\($0.name)=\($0.text)" } == [
            "name=Brass lamp", "description=old\nand bright", "start_price=9000000", "duration_seconds=5400",
            "min_increment=1000", "reserve=9500000", "buy_now=20000000",
        ])
        let images = form.parts(named: "image")
        #expect(images.map(\.filename) == ["lamp.png", "side.jpg"])
        #expect(images.map(\.contentType) == ["image/png", "image/jpeg"])
        #expect(images.map(\.body) == [Self.png, Self.jpeg])
    }

    @Test func sellWithEndsAtSendsMillisecondsAndJSONPrintsTheID() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let end = CommandContext.now().adding(milliseconds: 2 * 86_400_000)
        let endText = "\(end.calendarDate)T\(end.timeOfDay.prefix(5))Z"

        let run = await CommandHarness.run(["sell", "--name", "Clock", "--start-price", "500", "--ends-at", endText, "--json"],
                                           environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == #"{"id":42,"name":"Clock","start_price":500,"images":0}"# + "\n")
        let form = try MultipartFormData(body: try #require(server.requests.first).body,
                                         contentType: try #require(server.requests.first?.headers["Content-Type"]))
        #expect(form.field("ends_at") == String(try #require(EndTimeText.timestamp(endText, zone: .utc)).millisecondsSinceEpoch))
        #expect(form.field("duration_seconds") == nil)
        #expect(form.field("description") == "")
    }

    @Test func sellReadsTheDescriptionFile() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let file = try write(Array("한국어 설명\n".utf8), "description.txt", in: server)

        let run = await CommandHarness.run(["sell", "--name", "Vase", "--start-price", "10", "--duration", "2d", "--description-file", file],
                                           environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        let form = try MultipartFormData(body: try #require(server.requests.first).body,
                                         contentType: try #require(server.requests.first?.headers["Content-Type"]))
        #expect(form.field("description") == "한국어 설명\n")
        #expect(form.field("duration_seconds") == "172800")
    }

    @Test(arguments: [
        (["--start-price", "10", "--duration", "1h"], "needs --name"),
        (["--name", "x", "--duration", "1h"], "needs --start-price"),
        (["--name", "x", "--start-price", "10"], "needs --duration or --ends-at"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--ends-at", "2099-01-01T00:00Z"], "not both"),
        (["--name", "x", "--start-price", "0", "--duration", "1h"], "`--start-price` must be a whole amount"),
        (["--name", "x", "--start-price", "-5", "--duration", "1h"], "`--start-price` must be a whole amount"),
        (["--name", "x", "--start-price", "9007199254740992", "--duration", "1h"], "`--start-price` must be a whole amount"),
        (["--name", "x", "--start-price", "10", "--duration", "30s"], "between 1 minute and 30 days"),
        (["--name", "x", "--start-price", "10", "--duration", "31d"], "between 1 minute and 30 days"),
        (["--name", "x", "--start-price", "10", "--duration", "1h30"], "`--duration` must look like"),
        (["--name", "x", "--start-price", "10", "--ends-at", "2020-01-01T00:00Z"], "is in the past"),
        (["--name", "x", "--start-price", "10", "--ends-at", "tomorrow"], "`--ends-at` must be an RFC 3339 time"),
        (["--name", String(repeating: "n", count: 121), "--start-price", "10", "--duration", "1h"], "1 to 120 characters"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--description", String(repeating: "d", count: 10_001)],
         "at most 10000 characters"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--reserve", "9"], "reserve (9) must be at least the start price"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--buy-now", "9"], "buy-now price (9) must be at least"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--description", "a", "--description-file", "/x"], "not both"),
        (["--name", "x", "--start-price", "10", "--duration", "1h", "--image", "/nonexistent/a.png"], "no such file"),
    ])
    func sellRefusesBadInputBeforeSendingAnything(arguments: [String], message: String) async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let run = await CommandHarness.run(["sell"] + arguments, environment: server.environment())

        #expect(run.status == .usage)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func sellRefusesElevenImagesAndOneOverFiveMiB() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let small = try write(Self.png, "small.png", in: server)
        let large = try write(Self.png + [UInt8](repeating: 0, count: 5 << 20), "large.png", in: server)
        let base = ["sell", "--name", "x", "--start-price", "10", "--duration", "1h"]

        let eleven = await CommandHarness.run(base + Array(repeating: ["--image", small], count: 11).flatMap { $0 },
                                              environment: server.environment())
        let tooLarge = await CommandHarness.run(base + ["--image", small, "--image", large], environment: server.environment())

        #expect(eleven.status == .usage && eleven.stderr.contains("at most 10 images"))
        #expect(tooLarge.status == .usage && tooLarge.stderr.contains("image 2"), "\(tooLarge.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        ("invalid_end_time", 400, "the end must be 1 minute to 30 days from now"),
        ("unsupported_image", 415, "an image is not a PNG, JPEG or WebP"),
        ("reserve_below_start", 400, "the reserve must be at least the start price"),
        ("body_too_large", 413, "the upload is larger than the server accepts"),
        ("something_new", 400, "refused (something_new): the server says \u{FFFD}[31mno"),
    ])
    func sellShowsTheServersRefusal(reason: String, status: Int, message: String) async throws {
        let server = try SellingFakeServer { request in
            request.path == "/products" ? SellingFakeServer.json(status, #"{"error":"the server says \u001b[31mno","reason":"\#(reason)"}"#) : nil
        }
        defer { server.stop() }

        let run = await CommandHarness.run(["sell", "--name", "x", "--start-price", "10", "--duration", "1h"], environment: server.environment())

        #expect(run.status == .refused)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func sellWithoutALoginSaysSoAndSendsNoLot() async throws {
        let server = try SellingFakeServer(loggedIn: false)
        defer { server.stop() }

        let run = await CommandHarness.run(["sell", "--name", "x", "--start-price", "10", "--duration", "1h"], environment: server.environment())

        #expect(run.status == .refused)
        #expect(run.stderr.contains("`auction sell` needs a login: run `auction login <name>`"), "\(run.stderr)")
        #expect(!server.requests.contains { $0.method == .post })
    }

    @Test func sellAgainstAServerWithoutSellingIsNotSupported() async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(404, #"{"error":"not found"}"#) }
        defer { server.stop() }

        let run = await CommandHarness.run(["sell", "--name", "x", "--start-price", "10", "--duration", "1h"], environment: server.environment())
        let original = await CommandHarness.run(["sell", "--name", "x", "--start-price", "10", "--duration", "1h"],
                                                environment: server.environment(["AUCTION_DIALECT": "original"]))

        #expect(run.status == .usage && run.stderr.contains("is not supported by this server"), "\(run.stderr)")
        #expect(original.status == .usage && original.stderr.contains("speaks the original protocol"), "\(original.stderr)")
    }

    @Test func sellAgainstAServerWhoseProductsAreReadOnlyIsNotSupported() async throws {
        // Today's server serves GET /products only: POST is answered 405 without a reason.
        let server = try SellingFakeServer { request in
            request.path == "/products" ? HTTPResponse.text(.methodNotAllowed, "POST is not allowed on /products; use GET\n") : nil
        }
        defer { server.stop() }

        let run = await CommandHarness.run(["sell", "--name", "x", "--start-price", "10", "--duration", "1h"], environment: server.environment())

        #expect(run.status == .usage && run.stderr.contains("`auction sell` is not supported by this server"), "\(run.stderr)")
    }
}
