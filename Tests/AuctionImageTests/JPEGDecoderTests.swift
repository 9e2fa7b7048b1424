@testable import AuctionImage
import CJPEGCodec
import Testing

@Suite struct JPEGDecoderTests {
    let decoder = ImageDecoder()

    @Test func decodesABaselineJPEGWithinCompressionTolerance() throws {
        let jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 95)
        let image = try decoder.decode(jpeg)
        #expect(image.width == 16 && image.height == 16)
        #expect(ImageFixtures.looksLikeQuadrants(image, tolerance: 12))
    }

    @Test func decodesAProgressiveJPEG() throws {
        let jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(size: 64), quality: 90, progressive: true)
        #expect(ImageFixtures.looksLikeQuadrants(try decoder.decode(jpeg), tolerance: 12))
    }

    @Test func convertsAdobeCMYKToRGB() throws {
        // Inverted CMYK (255 = no ink): white, and full cyan, which is (0, 255, 255) on screen.
        let samples: [UInt8] = Array(repeating: [255, 255, 255, 255], count: 32).flatMap { $0 }
            + Array(repeating: [0, 255, 255, 255], count: 32).flatMap { $0 }
        let jpeg = try JPEGEncoder.encode(samples: samples, width: 8, height: 8, colorSpace: CJPEG_WRITE_YCCK_FROM_CMYK, quality: 100)
        let image = try decoder.decode(jpeg)
        let (r, g, b, a) = image.pixel(x: 3, y: 1)
        #expect(r > 245 && g > 245 && b > 245 && a == 255)
        let cyan = image.pixel(x: 3, y: 6)
        #expect(cyan.0 < 15 && cyan.1 > 240 && cyan.2 > 240)
    }

    @Test func refusesEveryTruncationWithATypedError() throws {
        let jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 80)
        for length in stride(from: 3, to: jpeg.count, by: 7) {
            #expect(throws: ImageError.self, "\(length) of \(jpeg.count) bytes") { try decoder.decode(Array(jpeg.prefix(length))) }
        }
        // Cut inside the entropy-coded data: libjpeg would fill the rest with grey; the decoder refuses.
        #expect(throws: ImageError.corrupt(.jpeg, "Premature end of JPEG file")) { try decoder.decode(Array(jpeg.dropLast(6))) }
    }

    @Test func survivesDamagedBytesAnywhere() throws {
        // Whatever a flipped byte does, the answer is an image or an ImageError, never a crash or exit.
        let jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 80)
        var refused = 0
        for index in 2..<jpeg.count {
            var damaged = jpeg
            damaged[index] ^= 0xA5
            do throws(ImageError) {
                let image = try decoder.decode(damaged)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test func refusesAHugeDeclaredSizeBeforeDecoding() throws {
        var jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 80)
        // The start-of-frame segment: FF C0, length (2), precision (1), height (2), width (2).
        let frame = try #require((0 ..< jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(frame + 5 ..< frame + 9, with: [0xEA, 0x60, 0xEA, 0x60]) // 60000 × 60000
        #expect(throws: ImageError.imageTooLarge(.jpeg, width: 60_000, height: 60_000)) { try decoder.decode(jpeg) }
        let strict = ImageDecoder(limits: ImageLimits(maximumPixels: 255))
        #expect(throws: ImageError.imageTooLarge(.jpeg, width: 16, height: 16)) {
            try strict.decode(JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 80))
        }
    }
}

extension JPEGDecoderTests {
    @Test func decodesALargeJPEGAtTheSmallestScaleThatStillCoversTheSideAsked() throws {
        let jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(size: 64), quality: 95)
        let eighth = try ImageDecoder(minimumDecodedSide: 8).decode(jpeg)
        #expect(eighth.width == 8 && eighth.height == 8)
        let quarter = try ImageDecoder(minimumDecodedSide: 9).decode(jpeg)
        #expect(quarter.width == 16 && quarter.height == 16)
        #expect(ImageFixtures.looksLikeQuadrants(quarter, tolerance: 12))
        #expect(try ImageDecoder(minimumDecodedSide: 33).decode(jpeg).width == 64)
        #expect(try ImageDecoder(minimumDecodedSide: 500).decode(jpeg).width == 64)
        // A side shorter than asked is kept whole: 64×8 at 1/8 would be 8×1.
        let strip = try JPEGEncoder.encode(RGBAImage(width: 64, height: 8, pixels: [UInt8](repeating: 200, count: 64 * 8 * 4)))
        let decoded = try ImageDecoder(minimumDecodedSide: 8).decode(strip)
        #expect(decoded.width == 64 && decoded.height == 8)
    }
}

extension JPEGDecoderTests {
    @Test func toleratesJunkBetweenSegmentsAsCameraFilesOftenHave() throws {
        // libjpeg warns "Corrupt JPEG data: 3 extraneous bytes before marker 0xda", yet the image is whole.
        var jpeg = try JPEGEncoder.encode(ImageFixtures.quadrants(), quality: 95)
        let scan = try #require((0 ..< jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        jpeg.insert(contentsOf: [0x12, 0x34, 0x56], at: scan)
        #expect(ImageFixtures.looksLikeQuadrants(try decoder.decode(jpeg), tolerance: 12))
    }
}

extension JPEGDecoderTests {
    @Test func refusesAProgressiveFileWithMoreThan100Scans() throws {
        // A scan for every coefficient and bit: 570 scans for a 16×16 image, each one costing a pass.
        let image = ImageFixtures.quadrants()
        let bomb = try JPEGEncoder.encode(samples: image.pixels, width: 16, height: 16, colorSpace: CJPEG_WRITE_YCBCR, quality: 90,
                                          progression: CJPEG_PROGRESSIVE_EVERY_BIT)
        // Entropy-coded data stuffs every FF with 00, so FF DA is only ever a start-of-scan marker.
        #expect((0 ..< bomb.count - 1).filter { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xDA }.count == 570)
        #expect(throws: ImageError.corrupt(.jpeg, "Progressive JPEG image has more than 100 scans")) { try decoder.decode(bomb) }
        // A greyscale one has a third of the scans, still far more than a real file (libjpeg writes 10 at most).
        let grey = try JPEGEncoder.encode(samples: image.pixels, width: 16, height: 16, colorSpace: CJPEG_WRITE_GRAYSCALE, quality: 90,
                                          progression: CJPEG_PROGRESSIVE_EVERY_BIT)
        let scans = (0 ..< grey.count - 1).filter { grey[$0] == 0xFF && grey[$0 + 1] == 0xDA }.count
        #expect(scans > 100 && scans < 500)
        #expect(throws: ImageError.corrupt(.jpeg, "Progressive JPEG image has more than 100 scans")) { try decoder.decode(grey) }
    }
}

extension JPEGDecoderTests {
    @Test func decodesGreyscaleAndRGBFilesToOpaqueRGBA() throws {
        let image = ImageFixtures.quadrants()
        let grey = try JPEGEncoder.encode(samples: image.pixels, width: 16, height: 16, colorSpace: CJPEG_WRITE_GRAYSCALE, quality: 95)
        let decodedGrey = try decoder.decode(grey)
        #expect(decodedGrey.width == 16 && decodedGrey.height == 16)
        for y in [2, 13] {
            for x in [2, 13] {
                let (r, g, b, a) = decodedGrey.pixel(x: x, y: y)
                #expect(r == g && g == b && a == 255, "(\(x), \(y)) is grey")
            }
        }
        let rgb = try JPEGEncoder.encode(samples: image.pixels, width: 16, height: 16, colorSpace: CJPEG_WRITE_RGB, quality: 95)
        #expect(ImageFixtures.looksLikeQuadrants(try decoder.decode(rgb), tolerance: 12))
    }
}

