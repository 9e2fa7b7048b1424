import AuctionImage
import Testing

@Suite struct ImageUploadTests {
    let rules = ImageUpload.Rules()

    @Test func acceptsEachFormatWithItsSizeAndMediaType() throws {
        let image = ImageFixtures.quadrants(size: 24)
        let files: [(ImageFormat, [UInt8])] = [
            (.png, try PNGEncoder.encode(image)), (.jpeg, try JPEGEncoder.encode(image)),
            (.webp, try WebPEncoder.encode(image, lossless: false)),
        ]
        for (format, bytes) in files {
            let upload = try rules.validate(bytes, declaredType: format.mediaType)
            #expect(upload.format == format)
            #expect(upload.contentType == format.mediaType)
            #expect(upload.width == 24 && upload.height == 24)
            #expect(try rules.validate(bytes, declaredType: nil).format == format)
            #expect(try rules.validate(bytes, declaredType: "application/octet-stream").format == format)
        }
    }

    @Test func refusesTruncatedFilesOfEveryFormatAsCorrupt() throws {
        let image = ImageFixtures.quadrants(size: 32)
        for bytes in [try PNGEncoder.encode(image), try JPEGEncoder.encode(image), try WebPEncoder.encode(image, lossless: false)] {
            let truncated = Array(bytes.prefix(bytes.count * 2 / 3))
            #expect(throws: ImageUploadError.self) { try rules.validate(truncated) }
            do {
                _ = try rules.validate(truncated)
            } catch {
                #expect(error.reason == "corrupt_image")
            }
        }
    }

    @Test func refusesAPNGLabelledJPEGAsMislabelled() throws {
        let png = try PNGEncoder.encode(ImageFixtures.quadrants())
        #expect(throws: ImageUploadError.mislabelled(declared: "image/jpeg", actual: .png)) {
            try rules.validate(png, declaredType: "image/jpeg")
        }
        #expect(throws: ImageUploadError.mislabelled(declared: "text/plain", actual: .png)) {
            try rules.validate(png, declaredType: "text/plain")
        }
        #expect(try rules.validate(png, declaredType: "IMAGE/PNG; charset=binary").format == .png)
    }

    @Test func refusesGIFAndTextAsUnsupported() {
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        for bytes in [gif, Array("hello, not an image".utf8), Array("<svg xmlns='x'/>".utf8)] {
            do {
                _ = try rules.validate(bytes)
                Issue.record("accepted \(bytes.prefix(6))")
            } catch {
                #expect(error.reason == "unsupported_image")
            }
        }
    }

    @Test func refusesEmptyAndOversizedBytesBeforeDecoding() throws {
        #expect(throws: ImageUploadError.empty) { try rules.validate([]) }
        let small = ImageUpload.Rules(maximumBytes: 100)
        let png = try PNGEncoder.encode(ImageFixtures.quadrants(size: 64))
        #expect(throws: ImageUploadError.tooLarge(bytes: png.count, limit: 100)) { try small.validate(png) }
    }

    @Test func refusesADecompressionBombByItsDeclaredSize() throws {
        // A valid 16×16 PNG whose IHDR is rewritten to claim 60000×60000 (CRC fixed): refused from the header.
        var png = try PNGEncoder.encode(ImageFixtures.quadrants())
        for (offset, value) in [(16, UInt32(60_000)), (20, UInt32(60_000))] {
            for shift in 0..<4 { png[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(shift))) }
        }
        let crc = PNGBuilder.crc32(Array(png[12..<29]))
        for shift in 0..<4 { png[29 + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(shift))) }
        #expect(throws: ImageUploadError.dimensionsTooLarge(width: 60_000, height: 60_000)) { try rules.validate(png) }
        let jpegBomb = try JPEGEncoder.encode(ImageFixtures.quadrants(size: 64))
        let tight = ImageUpload.Rules(limits: ImageLimits(maximumPixels: 1_000))
        #expect(throws: ImageUploadError.dimensionsTooLarge(width: 64, height: 64)) { try tight.validate(jpegBomb) }
    }

    @Test func limitsImagesPerLot() {
        #expect(throws: Never.self) { try rules.checkCount(10) }
        #expect(throws: ImageUploadError.tooManyImages(limit: 10)) { try rules.checkCount(11) }
    }

    @Test func aJPEGValidatedAtReducedScaleStillRefusesEveryTruncation() throws {
        var pixels: [UInt8] = []
        for y in 0..<200 { for x in 0..<300 { pixels += [UInt8(x * 255 / 300), UInt8(y * 255 / 200), UInt8((x ^ y) & 255), 255] } }
        let image = RGBAImage(width: 300, height: 200, pixels: pixels)
        for progressive in [false, true] {
            let jpeg = try JPEGEncoder.encode(image, quality: 90, progressive: progressive)
            let upload = try rules.validate(jpeg, declaredType: "image/jpeg")
            #expect(upload.width == 300 && upload.height == 200)
            for cut in [jpeg.count - 2, jpeg.count - 100, jpeg.count / 2, 700] {
                #expect(throws: ImageUploadError.self, "progressive \(progressive), \(cut) of \(jpeg.count) bytes") {
                    try rules.validate(Array(jpeg.prefix(cut)))
                }
            }
        }
    }
}
