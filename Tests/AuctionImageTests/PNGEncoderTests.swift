@testable import AuctionImage
import Testing

@Suite struct PNGEncoderTests {
    @Test func writesSignatureHeaderAndEnd() throws {
        let image = RGBAImage(width: 2, height: 3, pixels: [UInt8](repeating: 200, count: 24))
        let png = try PNGEncoder.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 0, 2, 0, 0, 0, 3])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// Issue 37: a zlib failure (here `Z_STREAM_ERROR` from a compression level zlib refuses) is an
    /// error the caller can handle, not a trap that ends the server.
    @Test func aZlibFailureThrowsInsteadOfTrapping() {
        let image = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 7, count: 16))
        #expect(throws: ImageError.corrupt(.png, "cannot compress the image (zlib compress2 returned -2)")) {
            try PNGEncoder.encode(image, level: 42)
        }
    }
}
