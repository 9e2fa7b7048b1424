import AuctionImage
import Testing

@Suite struct ImageDecoderTests {
    let decoder = ImageDecoder()

    @Test func recognisesFormatsByTheirFirstBytes() throws {
        let image = ImageFixtures.quadrants()
        #expect(ImageFormat(sniffing: try PNGEncoder.encode(image)) == .png)
        #expect(ImageFormat(sniffing: try JPEGEncoder.encode(image)) == .jpeg)
        #expect(ImageFormat(sniffing: try WebPEncoder.encode(image)) == .webp)
        #expect(ImageFormat(sniffing: Array("GIF89a\u{1}\u{0}".utf8)) == .gif)
        #expect(ImageFormat(sniffing: Array("BM6\u{0}".utf8)) == .bmp)
        #expect(ImageFormat(sniffing: [0x49, 0x49, 0x2A, 0x00, 8]) == .tiff)
        #expect(ImageFormat(sniffing: [0, 0, 0, 0x1C] + Array("ftypavif".utf8)) == .heif)
        #expect(ImageFormat(sniffing: Array("\n <html><body>Not Found</body></html>".utf8)) == .markup)
        #expect(ImageFormat(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8]) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
    }

    @Test func decodesEachFormatToTheSameRGBAImage() throws {
        let image = ImageFixtures.quadrants()
        #expect(try decoder.decode(PNGEncoder.encode(image)) == image)
        #expect(try decoder.decode(WebPEncoder.encode(image, lossless: true)) == image)
        #expect(ImageFixtures.looksLikeQuadrants(try decoder.decode(JPEGEncoder.encode(image, quality: 95)), tolerance: 12))
    }

    @Test func namesWhatItDoesNotDecode() {
        #expect(throws: ImageError.unsupportedFormat(.gif)) { try decoder.decode(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) }
        #expect(throws: ImageError.empty) { try decoder.decode([]) }
        #expect(throws: ImageError.unknownFormat) { try decoder.decode([1, 2, 3, 4, 5]) }
        #expect(ImageError.unsupportedFormat(.gif).description == "GIF is not supported")
        #expect(ImageError.corrupt(.jpeg, "Premature end of JPEG file").description == "JPEG image corrupt: Premature end of JPEG file")
    }

    @Test func wrapsPNGErrorsAndSharesTheSizeLimit() throws {
        let png = try PNGEncoder.encode(ImageFixtures.quadrants())
        #expect(throws: ImageError.png(.truncated)) { try decoder.decode(Array(png.dropLast(5))) }
        let strict = ImageDecoder(limits: ImageLimits(maximumPixels: 255))
        #expect(throws: ImageError.imageTooLarge(.png, width: 16, height: 16)) { try strict.decode(png) }
    }
}
