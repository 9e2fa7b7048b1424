import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionLotLog
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `POST /images`, `GET /images/{hash}` and the product image's validators on a real server over loopback.
@Suite struct ServerImageTests {
    /// A started server, an HTTP client for it and a logged-in user's token.
    struct Running {
        let directory: TemporaryDirectory
        let server: AuctionHouseServer
        let addresses: ServerAddresses
        let loop: EventLoop
        let http: HTTPClient
        let token: String

        static func start(uploadsPerHour: Int = 120, _ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> Running {
            let directory = try TemporaryDirectory()
            var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
            configuration.imageUploadsPerHour = uploadsPerHour
            configure(&configuration)
            let server = AuctionHouseServer(configuration: configuration, log: .silent)
            let addresses = try server.start()
            let loop = try EventLoop.spawn(name: "test-images")
            let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL),
                                  configuration: .init(responseTimeoutMilliseconds: 60_000), loop: loop)
            let registered = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse"))
            let session = try #require(AccountDTO.session(from: registered.body))
            return Running(directory: directory, server: server, addresses: addresses, loop: loop, http: http, token: session.token)
        }

        func stop() {
            server.stop()
            loop.shutdown()
            directory.remove()
        }

        func upload(_ bytes: [UInt8], type: String?, token: String? = nil) async throws -> HTTPResponse {
            var headers: HTTPHeaders = ["Authorization": "Bearer " + (token ?? self.token)]
            if let type { headers.add(name: "Content-Type", value: type) }
            return try await http.send(HTTPRequest(method: .post, target: "/images", headers: headers, body: bytes))
        }

        func storedImageCount() throws -> Int {
            let database = try SQLiteDatabase(path: directory.file("auction.sqlite"), options: [.readOnly])
            defer { database.close() }
            return Int(try database.scalarInteger("SELECT COUNT(*) FROM image_blobs") ?? -1)
        }
    }

    /// A `side`×`side` picture with some variety (a gradient).
    static func picture(_ side: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<side { for x in 0..<side { pixels += [UInt8(x * 255 / side), UInt8(y * 255 / side), 128, 255] } }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    static func field(_ response: HTTPResponse, _ key: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else { return nil }
        return object[key].map { "\($0)" }
    }

    @Test func uploadsEachFormatOnceAndServesItWithValidators() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let image = Self.picture(20)
        let files = [("image/png", try PNGEncoder.encode(image)), ("image/jpeg", try JPEGEncoder.encode(image)),
                     ("image/webp", try WebPEncoder.encode(image, lossless: false))]
        for (type, bytes) in files {
            let uploaded = try await running.upload(bytes, type: type)
            #expect(uploaded.status == .created, "\(type): \(String(decoding: uploaded.body, as: UTF8.self))")
            #expect(Self.field(uploaded, "content_type") == type)
            #expect(Self.field(uploaded, "width") == "20" && Self.field(uploaded, "height") == "20")
            let hash = try #require(Self.field(uploaded, "hash"))
            #expect(hash == SHA256.hexDigest(bytes))

            let served = try await running.http.get("/images/" + hash)
            #expect(served.status == .ok)
            #expect(served.body == bytes)
            #expect(served.headers["Content-Type"] == type)
            #expect(served.headers["ETag"] == "\"\(hash)\"")
            #expect(served.headers["Cache-Control"] == "public, max-age=31536000, immutable")

            let again = try await running.http.send(HTTPRequest(method: .get, target: "/images/" + hash,
                                                                headers: ["If-None-Match": "\"\(hash)\""]))
            #expect(again.status.code == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["ETag"] == "\"\(hash)\"")
        }
        // The same bytes again: one row, the same hash.
        let repeated = try await running.upload(files[0].1, type: "image/png")
        #expect(repeated.status == .created)
        #expect(try running.storedImageCount() == 3)
        #expect(try await running.http.get("/images/" + String(repeating: "0", count: 64)).status == .notFound)
        #expect(try await running.http.get("/images/not-a-hash").status == .notFound)
    }

    @Test func refusesBadUploadsWithReasonCodesAndStoresNothing() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let png = try PNGEncoder.encode(Self.picture(32))
        let jpeg = try JPEGEncoder.encode(Self.picture(32))
        let webp = try WebPEncoder.encode(Self.picture(32), lossless: false)
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        let cases: [([UInt8], String?, Int, String)] = [
            (Array(png.prefix(png.count / 2)), "image/png", 400, "corrupt_image"),
            (Array(jpeg.prefix(jpeg.count / 2)), "image/jpeg", 400, "corrupt_image"),
            (Array(webp.prefix(webp.count / 2)), "image/webp", 400, "corrupt_image"),
            (png, "image/jpeg", 415, "mislabelled_image"),
            (gif, "image/gif", 415, "unsupported_image"),
            ([], "image/png", 400, "empty_image"),
        ]
        for (bytes, type, status, reason) in cases {
            let answer = try await running.upload(bytes, type: type)
            #expect(answer.status.code == status, "\(reason)")
            #expect(Self.field(answer, "reason") == reason)
        }
        let anonymous = try await running.http.send(HTTPRequest(method: .post, target: "/images", headers: ["Content-Type": "image/png"], body: png))
        #expect(anonymous.status.code == 401)
        #expect(try await running.upload(png, type: "image/png", token: "forged").status.code == 401)
        #expect(try running.storedImageCount() == 0)
    }

    @Test func uploadsTheImagePartOfAMultipartBody() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let jpeg = try JPEGEncoder.encode(Self.picture(40))
        let form = MultipartFormData(parts: [MultipartPart(name: "image", filename: "lamp.jpg", contentType: "image/jpeg", body: jpeg)])
        let answer = try await running.upload(form.serialized(boundary: "zz-boundary"), type: "multipart/form-data; boundary=zz-boundary")
        #expect(answer.status == .created)
        #expect(Self.field(answer, "hash") == SHA256.hexDigest(jpeg))
        let broken = try await running.upload(Array(form.serialized(boundary: "zz").dropLast(10)), type: "multipart/form-data; boundary=zz")
        #expect(Self.field(broken, "reason") == "malformed_multipart")
    }

    @Test func refusesA50MegabyteBodyFromItsHeadAlone() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let port = running.addresses.http.port, token = running.token
        let status = await offPool { () -> String in
            let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 30)
            guard fd >= 0 else { return "no connection" }
            defer { close(fd) }
            let head = Array(("POST /images HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: image/jpeg\r\n"
                + "Content-Length: \(50 << 20)\r\n\r\n").utf8) + [UInt8](repeating: 0xFF, count: 65_536)
            _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        }
        #expect(status == "HTTP/1.1 413 Content Too Large")
        // Other routes keep the small limit.
        let big = try await running.http.post("/products/alllist", json: [UInt8](repeating: 0x20, count: 2 << 20))
        #expect(big.status.code == 413)
    }

    @Test func productImageHasValidatorsAndStillAnswersTheOriginalApp() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let plain = try await running.http.post("/products/productimage", json: Array("{\"image_id\": 1}".utf8))
        #expect(plain.status == .ok)
        #expect(plain.headers["Content-Type"] == "image/png")
        #expect(ImageFormat(sniffing: plain.body) == .png)
        let tag = try #require(plain.headers["ETag"])
        #expect(tag == "\"\(SHA256.hexDigest(plain.body))\"")
        #expect(plain.headers["Cache-Control"] == "no-cache")
        let revalidated = try await running.http.send(HTTPRequest(
            method: .post, target: "/products/productimage",
            headers: ["Content-Type": "application/json", "If-None-Match": tag], body: Array("{\"image_id\": 1}".utf8)))
        #expect(revalidated.status.code == 304)
        #expect(revalidated.body.isEmpty)
    }

    @Test func anAttachedUploadIsServedAsAProductImageToo() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let jpeg = try JPEGEncoder.encode(Self.picture(24))
        let hash = try #require(Self.field(try await running.upload(jpeg, type: "image/jpeg"), "hash"))
        let store = try ImageStore(path: running.directory.file("auction.sqlite"))
        defer { store.close() }
        #expect(try store.attach(hashes: [hash, String(repeating: "a", count: 64)], to: ProductID(1)) == nil)  // unknown: nothing
        let ids = try #require(try store.attach(hashes: [hash], to: ProductID(1)))
        #expect(ids.count == 1)
        let served = try await running.http.post("/products/productimage", json: Array("{\"image_id\": \(ids[0])}".utf8))
        #expect(served.status == .ok)
        #expect(served.body == jpeg)
        #expect(served.headers["ETag"] == "\"\(hash)\"")
        #expect(try store.count() == 1)
    }

    @Test func limitsUploadsPerUser() async throws {
        let running = try await Running.start(uploadsPerHour: 2)
        defer { running.stop() }
        let png = try PNGEncoder.encode(Self.picture(8))
        #expect(try await running.upload(png, type: "image/png").status == .created)
        #expect(try await running.upload(png, type: "image/png").status == .created)
        let limited = try await running.upload(png, type: "image/png")
        #expect(limited.status == .tooManyRequests)
        #expect(Self.field(limited, "reason") == "too_many_uploads")
        #expect(limited.headers["Retry-After"] != nil)
    }
}
