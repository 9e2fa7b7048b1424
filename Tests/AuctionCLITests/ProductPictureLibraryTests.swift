import AuctionCLI
@testable import AuctionImage
import Testing

/// `show` on a machine without libwebp.so.7: the WebP picture is replaced by one line naming the package.
@Suite struct ProductPictureLibraryTests {
    @Test func notesThatWebPNeedsTheLibwebp7PackageWhenTheLibraryIsAbsent() throws {
        var decoder = ImageDecoder(minimumDecodedSide: ProductPicture.decodedSide)
        decoder.loadWebPLibrary = { () throws(ImageError) in try WebPLibrary.open(soname: "libwebp-absent-for-this-test.so.7") }
        let webp = try WebPEncoder.encode(CommandShowPictureTests.picture)
        let lines = ProductPicture(decoding: webp, decoder: decoder).render(size: TerminalSize(rows: 40, columns: 100), depth: .trueColor)
        #expect(lines == ["", "picture: not shown (WebP needs libwebp (Debian package libwebp7))"])
    }
}
