@testable import AuctionImage
import Testing

@Suite struct WebPDecoderTests {
    let decoder = ImageDecoder()

    @Test func decodesALosslessWebPExactlyWithAlpha() throws {
        var image = ImageFixtures.quadrants()
        image.pixels[3] = 0 // the first pixel fully transparent
        image.pixels[7] = 128
        let decoded = try decoder.decode(WebPEncoder.encode(image, lossless: true))
        // Lossless keeps every visible pixel; the colour under a fully transparent one is the encoder's choice.
        #expect(decoded.pixels[3] == 0)
        #expect(Array(decoded.pixels[4...]) == Array(image.pixels[4...]))
    }

    @Test func decodesALossyWebPWithinCompressionTolerance() throws {
        let webp = try WebPEncoder.encode(ImageFixtures.quadrants(size: 32), lossless: false, quality: 95)
        let image = try decoder.decode(webp)
        #expect(image.width == 32 && image.height == 32)
        #expect(ImageFixtures.looksLikeQuadrants(image, tolerance: 24))
    }

    @Test func refusesEveryTruncationWithATypedError() throws {
        let webp = try WebPEncoder.encode(ImageFixtures.quadrants(), lossless: false)
        for length in 12..<webp.count {
            #expect(throws: ImageError.self, "\(length) of \(webp.count) bytes") { try decoder.decode(Array(webp.prefix(length))) }
        }
        #expect(throws: ImageError.corrupt(.webp, "the file is truncated")) { try decoder.decode(Array(webp.prefix(webp.count / 2))) }
    }

    @Test func survivesDamagedBytesAnywhere() throws {
        let webp = try WebPEncoder.encode(ImageFixtures.quadrants(), lossless: true)
        for index in 12..<webp.count {
            var damaged = webp
            damaged[index] ^= 0xA5
            do throws(ImageError) {
                let image = try decoder.decode(damaged)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {}
        }
    }

    @Test func refusesAnImageOverTheLimitsBeforeDecoding() throws {
        let strict = ImageDecoder(limits: ImageLimits(maximumPixels: 255))
        #expect(throws: ImageError.imageTooLarge(.webp, width: 16, height: 16)) {
            try strict.decode(WebPEncoder.encode(ImageFixtures.quadrants()))
        }
    }
}

extension WebPDecoderTests {
    @Test func loadsLibwebpAtRunTimeAsEveryMachineOfThisKindHasIt() throws {
        // libwebp7 (the runtime, not libwebp-dev) is on every machine of this kind: its absence is a failure, not a skip.
        #expect(throws: Never.self) { try WebPLibrary.shared() }
    }

    @Test func refusesEveryWebPNamingTheDebianPackageWhenLibwebpIsAbsent() throws {
        let webp = try WebPEncoder.encode(ImageFixtures.quadrants())
        let absent = WebPDecoder(limits: ImageLimits()) { () throws(ImageError) in
            try WebPLibrary.open(soname: "libwebp-absent-for-this-test.so.7")
        }
        #expect(throws: ImageError.libraryMissing(.webp, library: "libwebp", package: "libwebp7")) { try absent.decode(webp) }
        #expect(WebPLibrary.missing.description == "WebP needs libwebp (Debian package libwebp7)")
    }
}
