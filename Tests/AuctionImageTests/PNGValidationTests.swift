@testable import AuctionImage
import Testing

/// `PNGDecoder.validate` (issue 19): the same verdict as a full decode, row by row through a small
/// window, and a bound on the bytes the rows inflate to.
@Suite struct PNGValidationTests {
    let decoder = PNGDecoder()

    @Test func agreesWithTheDecoderOnWholeInterlacedAndDamagedFiles() throws {
        let rows = (0..<9).map { y in (0..<7 * 4).map { UInt8(truncatingIfNeeded: $0 * 7 + y * 13) } }
        var interlaced = PNGBuilder(width: 7, height: 9)
        interlaced.interlace = 1
        let files = [PNGBuilder(width: 7, height: 9).build(rows: rows, filters: [0, 1, 2, 3, 4]),
                     interlaced.buildInterlaced(rows: rows, bytesPerPixel: 4, filter: 3),
                     try PNGEncoder.encode(RGBAImage(width: 300, height: 300, pixels: [UInt8](repeating: 9, count: 360_000)))]
        for png in files {
            let header = try decoder.validate(png)
            let image = try decoder.decode(png)
            #expect(header.width == image.width && header.height == image.height)
        }
        // A filter type of 5 in the last row, the image data cut short, and one row too many all fail both ways.
        let badFilter = PNGBuilder(width: 7, height: 9).build(rows: rows, filters: [0, 0, 0, 0, 0, 0, 0, 0, 5])
        #expect(throws: PNGError.invalidFilter(5)) { try decoder.validate(badFilter) }
        #expect(throws: PNGError.invalidFilter(5)) { try decoder.decode(badFilter) }
        let long = PNGBuilder(width: 7, height: 8).build(rows: rows)  // nine rows for a header of eight
        #expect(throws: (any Error).self) { try decoder.validate(long) }
        #expect(throws: (any Error).self) { try decoder.decode(long) }
    }

    @Test func refusesRowsThatInflatePastTheBoundBeforeInflatingThem() throws {
        let png = PNGBuilder(width: 64, height: 64, bitDepth: 16, colorType: 6).build(rows: Array(repeating: [UInt8](repeating: 0, count: 512), count: 64))
        let small = PNGDecoder(maximumDecodedBytes: 512 * 63)
        #expect(throws: PNGError.imageTooLarge(width: 64, height: 64)) { try small.validate(png) }
        #expect(throws: PNGError.imageTooLarge(width: 64, height: 64)) { try small.decode(png) }
        #expect(try PNGDecoder(maximumDecodedBytes: 512 * 64).validate(png).width == 64)
    }
}
