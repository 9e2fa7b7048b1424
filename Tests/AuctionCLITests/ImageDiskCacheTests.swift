import AuctionCLI
import AuctionImage
import AuctionTestSupport
import Foundation
import Testing

/// The client's image disk cache: `show` of a seen lot revalidates and costs no image bytes.
@Suite struct ImageDiskCacheTests {
    func show(_ server: CommandTestServer, _ environment: [String: String]) async -> CommandRun {
        let out = MemorySink(), err = MemorySink()
        let app = AuctionApp(environment: server.environment(environment)) { noColor in
            Console(output: out, errors: err, outputIsTerminal: true, size: TerminalSize(rows: 40, columns: 100), color: !noColor,
                    colorDepth: .trueColor)
        }
        let status = await app.run(["show", "7"])
        return CommandRun(status: status, stdout: out.text, stderr: err.text)
    }

    func imageAnswers(_ server: CommandTestServer) -> [(status: Int, bytes: Int)] {
        server.answered.withLock { $0.filter { $0.path == "/products/productimage" }.map { ($0.status, $0.bytes) } }
    }

    @Test func aSeenPictureIsRevalidatedWithoutItsBytes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try CommandTestServer(products: 10)
        defer { server.stop() }
        let jpeg = try JPEGEncoder.encode(CommandShowPictureTests.picture, quality: 95)
        server.catalogue.images.withLock { $0[7] = jpeg }
        let environment = ["HOME": "/nonexistent", "XDG_CACHE_HOME": directory.path]

        let first = await show(server, environment)
        let second = await show(server, environment)
        #expect(first.status == .success && second.status == .success, "\(first.stderr) \(second.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("▀"))
        let answers = imageAnswers(server)
        #expect(answers.map(\.status) == [200, 304])
        #expect(answers.map(\.bytes) == [jpeg.count, 0])

        // Private files: the directory 0700, the file 0600.
        let images = directory.path + "/auction/images"
        let names = try FileManager.default.contentsOfDirectory(atPath: images)
        #expect(names.count == 1 && names[0].hasSuffix(".image"))
        #expect(try Self.mode(images) == 0o700)
        #expect(try Self.mode(images + "/" + names[0]) == 0o600)

        // A changed image (new tag) is fetched again.
        let png = try PNGEncoder.encode(CommandShowPictureTests.picture)
        server.catalogue.images.withLock { $0[7] = png }
        _ = await show(server, environment)
        #expect(imageAnswers(server).last.map { [$0.status, $0.bytes] } == [200, png.count])
    }

    @Test func aZeroSizeTurnsTheCacheOff() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try CommandTestServer(products: 10)
        defer { server.stop() }
        let picture = try PNGEncoder.encode(CommandShowPictureTests.picture)
        server.catalogue.images.withLock { $0[7] = picture }
        let environment = ["HOME": "/nonexistent", "XDG_CACHE_HOME": directory.path, "AUCTION_IMAGE_CACHE_MB": "0"]
        _ = await show(server, environment)
        _ = await show(server, environment)
        #expect(imageAnswers(server).map(\.status) == [200, 200])
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/auction"))
    }

    @Test func evictsTheLeastRecentlyUsedPastItsSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageDiskCache(directory: directory.path + "/images", maximumBytes: 2_600)
        let image = [UInt8](repeating: 7, count: 1_000)
        cache.store(image, entityTag: "\"a\"", for: "a")
        cache.store(image, entityTag: "\"b\"", for: "b")
        // Make "a" older, then use it: "b" is now the least recently used.
        for key in ["a", "b"] { try Self.age(cache, key, seconds: key == "a" ? 200 : 100) }
        #expect(cache.entry(for: "a")?.entityTag == "\"a\"")
        cache.store(image, entityTag: "\"c\"", for: "c")
        #expect(cache.entry(for: "b") == nil)
        #expect(cache.entry(for: "a")?.bytes == image)
        #expect(cache.entry(for: "c")?.bytes == image)
        // Too large for the cache at all: not kept.
        cache.store([UInt8](repeating: 1, count: 3_000), entityTag: "\"d\"", for: "d")
        #expect(cache.entry(for: "d") == nil)
    }

    @Test func followsXDGThenHome() {
        #expect(ImageDiskCache(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"], megabytes: 64)?.directory == "/x/auction/images")
        #expect(ImageDiskCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"], megabytes: 64)?.directory == "/h/.cache/auction/images")
        #expect(ImageDiskCache(environment: ["HOME": "/h"], megabytes: 64)?.maximumBytes == 64 << 20)
        #expect(ImageDiskCache(environment: [:], megabytes: 64) == nil)
        #expect(ImageDiskCache(environment: ["HOME": "/h"], megabytes: 0) == nil)
    }

    static func mode(_ path: String) throws -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return Int(info.st_mode & 0o777)
    }

    /// Sets a cached file's modification time `seconds` into the past.
    static func age(_ cache: ImageDiskCache, _ key: String, seconds: Int) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        for name in names {
            let path = cache.directory + "/" + name
            guard let text = FileManager.default.contents(atPath: path), String(decoding: text.prefix(64), as: UTF8.self).contains("\n\(key)\n") else { continue }
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(seconds))], ofItemAtPath: path)
        }
    }
}
