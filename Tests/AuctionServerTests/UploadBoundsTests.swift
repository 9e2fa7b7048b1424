import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import CZlib
import Foundation
import Glibc
import Testing

/// Issue 19's bounds on what one selling or image request may cost, on a real server over loopback
/// with a real SQLite file: combining marks in lot text, one upload budget per user across routes,
/// bounded image decoding, and authentication before a body is read.
@Suite struct UploadBoundsTests {
    typealias Running = ServerImageTests.Running

    /// A server with `configure`'s settings, a user and an HTTP client.
    static func start(_ configure: (inout ServerConfiguration) -> Void) async throws -> Running {
        try await Running.start(configure)
    }

    static func products(_ running: Running) throws -> Int {
        try ServerSellingTests.count(running, "SELECT COUNT(*) FROM products")
    }

    static func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    // MARK: 4. Combining marks

    @Test func refusesNamesAndDescriptionsPiledWithCombiningMarks() async throws {
        let running = try await Self.start { _ in }
        defer { running.stop() }
        let marks = { (count: Int) in "a" + String(repeating: "\u{0301}", count: count) }
        let cases: [(String, String, String)] = [
            (marks(9), "fine", "invalid_name"),  // one character, nine marks
            (marks(100_000), "fine", "invalid_name"),  // one character in 200 KB
            (String(repeating: marks(3), count: 100), "fine", "invalid_name"),  // 100 characters, 3 marks each, but 700 bytes
            ("Lamp", marks(9), "invalid_description"),
            ("Lamp", String(repeating: marks(8), count: 4_500), "invalid_description"),  // 4,500 characters, 76,500 bytes
        ]
        for (name, description, reason) in cases {
            let fields: [(String, String)] = [("name", name), ("description", description), ("start_price", "1000"),
                                              ("duration_seconds", "3600")]
            let json = try await ServerSellingTests.request(running, .post, "/products", json: String(decoding: try JSONSerialization.data(
                withJSONObject: Dictionary(uniqueKeysWithValues: fields)), as: UTF8.self))
            #expect(json.status.code == 400 && ServerSellingTests.reason(json) == reason, "\(name.utf8.count) B: \(Self.body(json))")
            let multipart = try await ServerSellingTests.sell(running, fields: fields)
            #expect(multipart.status.code == 400 && ServerSellingTests.reason(multipart) == reason, "\(Self.body(multipart))")
        }
        // The same letters with eight marks each (the chat rule's limit) are a name.
        let edited = try await ServerSellingTests.sell(running, fields: [("name", String(repeating: marks(8), count: 3)),
                                                                       ("start_price", "1000"), ("duration_seconds", "3600")])
        #expect(edited.status == .created, "\(Self.body(edited))")
        #expect(try Self.products(running) == ServerSellingTests.demoCount + 1)
        let id = try #require(ServerSellingTests.object(edited)["id"] as? Int)
        let patch = try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: "{\"name\":\"\(marks(50))\"}")
        #expect(patch.status.code == 400 && ServerSellingTests.reason(patch) == "invalid_name")
    }

    // MARK: 5. One upload budget per user

    @Test func imagesCountAgainstOneBudgetWhicheverRouteTheyTake() async throws {
        let running = try await Self.start { $0.imageUploadsPerHour = 3 }
        defer { running.stop() }
        let png = try PNGEncoder.encode(ServerImageTests.picture(16))
        for side in 10..<13 {
            let uploaded = try await running.upload(PNGEncoder.encode(ServerImageTests.picture(side)), type: "image/png")
            #expect(uploaded.status == .created)
        }
        let lot = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid, images: [("image/png", png)])
        #expect(lot.status.code == 429 && ServerSellingTests.reason(lot) == "too_many_uploads", "\(Self.body(lot))")
        #expect(lot.headers["Retry-After"] != nil)
        #expect(try Self.products(running) == ServerSellingTests.demoCount)
        #expect(try running.storedImageCount() == 3)
        // A lot without new images is still fine.
        let plain = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(plain.status == .created)
    }

    @Test func imageBytesAnHourAreBoundedAcrossRoutes() async throws {
        let running = try await Self.start { $0.uploads.imageBytesPerHour = 64 << 10 }
        defer { running.stop() }
        let big = try PNGEncoder.encode(Self.noise(side: 100, seed: 1))  // ~40 KB: incompressible
        #expect(big.count > 32 << 10)
        let first = try await running.upload(big, type: "image/png")
        #expect(first.status == .created)
        let second = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid,
                                                      images: [("image/png", try PNGEncoder.encode(Self.noise(side: 100, seed: 2)))])
        #expect(second.status.code == 429 && ServerSellingTests.reason(second) == "too_many_uploads", "\(Self.body(second))")
        let third = try await running.upload(PNGEncoder.encode(Self.noise(side: 100, seed: 3)), type: "image/png")
        #expect(third.status.code == 429)
        #expect(try running.storedImageCount() == 1)
    }

    @Test func lotsAnHourOpenLotsAndStorageAreBoundedPerUser() async throws {
        let running = try await Self.start {
            $0.uploads.lotsPerHour = 3
            $0.uploads.maximumOpenLots = 2
            $0.uploads.storedImageBytesPerUser = 60 << 10
        }
        defer { running.stop() }
        let image = try PNGEncoder.encode(Self.noise(side: 100, seed: 4))
        let first = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid, images: [("image/png", image)])
        #expect(first.status == .created)
        let overQuota = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid,
                                                         images: [("image/png", try PNGEncoder.encode(Self.noise(side: 100, seed: 5)))])
        #expect(overQuota.status.code == 413 && ServerSellingTests.reason(overQuota) == "storage_full", "\(Self.body(overQuota))")
        let second = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(second.status == .created)
        let thirdOpen = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(thirdOpen.status.code == 409 && ServerSellingTests.reason(thirdOpen) == "too_many_open_lots", "\(Self.body(thirdOpen))")
        // Withdrawing one frees a place; the hour's third lot is the last.
        let id = try #require(ServerSellingTests.object(second)["id"] as? Int)
        #expect(try await ServerSellingTests.request(running, .delete, "/products/\(id)").status == .ok)
        #expect(try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid).status == .created)
        #expect(try await ServerSellingTests.request(running, .delete, "/products/\(id + 1)").status == .ok)
        let fourth = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(fourth.status.code == 429 && ServerSellingTests.reason(fourth) == "too_many_lots", "\(Self.body(fourth))")
        #expect(fourth.headers["Retry-After"] != nil)
        #expect(try Self.products(running) == ServerSellingTests.demoCount + 3)
    }

    /// A picture of pseudo-random pixels (PNG cannot shrink it).
    static func noise(side: Int, seed: UInt64) -> RGBAImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for _ in 0..<(side * side) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            pixels += [UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), 255]
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }
}
