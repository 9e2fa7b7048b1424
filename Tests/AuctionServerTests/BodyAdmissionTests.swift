import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 19, items 6 and 7 on a real server over loopback: images that would cost a large canvas
/// are refused, a write without a valid token is refused from its head (the body never read), and
/// the body bytes held at once are bounded server-wide.
@Suite struct BodyAdmissionTests {
    typealias Running = ServerImageTests.Running

    // MARK: 6. Image decoding

    @Test func refusesASixteenBitCanvasByEitherRoute() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let png = HostileImages.sixteenBitCanvas()
        #expect(png.count < 200_000)
        let uploaded = try await running.upload(png, type: "image/png")
        #expect(uploaded.status.code == 400 && ServerSellingTests.reason(uploaded) == "image_dimensions_too_large",
                "\(String(decoding: uploaded.body, as: UTF8.self))")
        let sold = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid, images: [("image/png", png)])
        #expect(sold.status.code == 400 && ServerSellingTests.reason(sold) == "image_dimensions_too_large")
        #expect(try running.storedImageCount() == 0)
        // An 8-bit picture still passes, validated row by row.
        let fine = try await running.upload(PNGEncoder.encode(ServerImageTests.picture(300)), type: "image/png")
        #expect(fine.status == .created)
    }

    @Test func aMultipartBodyWithTooManyPartsIsTooLargeNotMalformed() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let fields = (0..<40).map { ("note\($0)", "x") }
        let answer = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid + fields)
        #expect(answer.status.code == 413 && ServerSellingTests.reason(answer) == "multipart_too_large",
                "\(String(decoding: answer.body, as: UTF8.self))")
    }

    // MARK: 7. Authentication before the body

    /// Sends `head` (no body byte) on a new connection and reads until the server closes or 5 s pass.
    static func exchange(_ head: String, port: Int) async -> String {
        await OversizedBodyTests.exchange(head, port: port, timeoutSeconds: 5)
    }

    static func head(_ method: String, _ path: String, token: String?, length: Int, expectContinue: Bool = false) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: x\r\n" + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
            + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(length)\r\n"
            + (expectContinue ? "Expect: 100-continue\r\n" : "") + "\r\n"
    }

    @Test(arguments: [("POST", "/products"), ("POST", "/images"), ("PATCH", "/products/1")])
    func refusesAWriteWithoutAValidTokenFromItsHead(method: String, path: String) async throws {
        let running = try await Running.start()
        defer { running.stop() }
        for token: String? in [nil, "not-a-token"] {
            // Within each path's body limit (`PATCH` keeps the 1 MiB every other path has), never sent.
            let length = method == "PATCH" ? 512 << 10 : 4 << 20
            let answer = await Self.exchange(Self.head(method, path, token: token, length: length), port: running.addresses.http.port)
            #expect(answer.hasPrefix("HTTP/1.1 401"), "\(path) \(token ?? "none"): \(answer.prefix(80))")
            #expect(answer.contains("Connection: close"))
        }
        // The catalogue's anonymous POSTs are not screened.
        let list = try await running.http.post("/products/alllist", json: Array("{\"index\": 0}".utf8))
        #expect(list.status == .ok)
    }

    @Test func bodiesInFlightAreBoundedServerWide() async throws {
        let running = try await UploadBoundsTests.start { $0.uploads.maximumBodyBytesInFlight = 3 << 20 }
        defer { running.stop() }
        let port = running.addresses.http.port
        // One upload announces 2 MiB and sends nothing yet: the server holds its place (100 Continue says it read the head).
        let holder = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 5)
        #expect(holder >= 0)
        defer { close(holder) }
        let held = Array(Self.head("POST", "/images", token: running.token, length: 2 << 20, expectContinue: true).utf8)
        _ = held.withUnsafeBytes { send(holder, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let continued = await offPool { () -> String in
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { recv(holder, $0.baseAddress, $0.count, 0) }
            return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        }
        #expect(continued.hasPrefix("HTTP/1.1 100 Continue"))
        // Another 2 MiB would pass the 3 MiB in flight: 503 with Retry-After, from the head.
        let refused = await Self.exchange(Self.head("POST", "/images", token: running.token, length: 2 << 20), port: port)
        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused.prefix(80))")
        #expect(refused.contains("Retry-After: 1") && refused.contains("\"reason\":\"busy\""))
        // A small one still fits.
        let small = try await running.upload(PNGEncoder.encode(ServerImageTests.picture(8)), type: "image/png")
        #expect(small.status == .created)
    }
}
