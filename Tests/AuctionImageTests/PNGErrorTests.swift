import AuctionImage
import AuctionInfrastructure
import Testing

@Suite struct PNGErrorTests {
    let decoder = PNGDecoder()
    let valid = PNGBuilder(width: 2, height: 2, colorType: 0).build(rows: [[1, 2], [3, 4]])

    @Test func refusesBytesWithoutTheSignature() {
        #expect(throws: PNGError.notPNG) { try decoder.decode(Array("GIF89a....".utf8)) }
        #expect(throws: PNGError.notPNG) { try decoder.decode([]) }
    }

    @Test func refusesADamagedChunk() {
        var bytes = valid
        bytes[17] ^= 0x01 // inside IHDR's width
        #expect(throws: PNGError.checksumMismatch(chunk: "IHDR")) { try decoder.decode(bytes) }
    }

    @Test func refusesATruncatedFile() {
        #expect(throws: PNGError.truncated) { try decoder.decode(Array(valid.dropLast(5))) }
    }

    @Test func refusesUnknownCriticalChunks() {
        var builder = PNGBuilder(width: 1, height: 1, colorType: 0)
        builder.extraChunks = [("ABCD", [1, 2, 3])]
        #expect(throws: PNGError.unsupported("critical chunk ABCD")) { try decoder.decode(builder.build(rows: [[0]])) }
    }

    @Test func refusesHugeDeclaredSizesBeforeAllocating() {
        let png = PNGBuilder(width: 100_000, height: 100_000).build(rows: [[0]])
        #expect(throws: PNGError.imageTooLarge(width: 100_000, height: 100_000)) { try decoder.decode(png) }
        let strict = PNGDecoder(maximumPixels: 3)
        #expect(throws: PNGError.imageTooLarge(width: 2, height: 2)) { try strict.decode(valid) }
    }

    @Test func refusesAnUnknownFilterType() {
        let png = PNGBuilder(width: 2, height: 2, colorType: 0).build(rows: [[1, 2], [3, 4]], filters: [0, 5])
        #expect(throws: PNGError.invalidFilter(5)) { try decoder.decode(png) }
    }

    @Test func refusesPaletteIndexesPastThePalette() {
        var builder = PNGBuilder(width: 1, height: 1, colorType: 3)
        builder.extraChunks = [("PLTE", [1, 2, 3])]
        #expect(throws: PNGError.invalidPalette("index 4 past the 1-entry palette")) { try decoder.decode(builder.build(rows: [[4]])) }
        let noPalette = PNGBuilder(width: 1, height: 1, colorType: 3).build(rows: [[0]])
        #expect(throws: PNGError.invalidPalette("no PLTE chunk")) { try decoder.decode(noPalette) }
    }

    @Test func refusesImageDataOfTheWrongSize() {
        // Rows for a 2×2 image under a header that says 2×3.
        let png = PNGBuilder(width: 2, height: 3, colorType: 0).build(rows: [[1, 2], [3, 4]])
        #expect(throws: PNGError.sizeMismatch(expected: 9, actual: 6)) { try decoder.decode(png) }
    }

    @Test func refusesBitDepthsTheColourTypeDoesNotAllow() {
        let png = PNGBuilder(width: 1, height: 1, bitDepth: 4, colorType: 2).build(rows: [[0, 0]])
        #expect(throws: PNGError.invalidHeader("bit depth 4 is not allowed for colour type 2")) { try decoder.decode(png) }
    }

    @Test func neverCrashesOnDamagedOrRandomBytes() throws {
        var random = SplitMix64(seed: 2026)
        var palette = PNGBuilder(width: 6, height: 5, bitDepth: 4, colorType: 3)
        palette.extraChunks = [("PLTE", (0..<48).map { UInt8($0 * 5) }), ("tRNS", [0, 255, 128])]
        let seeds = [
            valid,
            try PNGEncoder.encode(RGBAImage(width: 5, height: 4, pixels: (0..<80).map { UInt8($0) })),
            PNGBuilder(width: 9, height: 7, colorType: 0).buildInterlaced(rows: (0..<7).map { y in (0..<9).map { UInt8($0 * y) } }, bytesPerPixel: 1, filter: 4),
            palette.build(rows: (0..<5).map { _ in [0x01, 0x23, 0x45] }, filters: [1, 2, 3]),
        ]
        var decoded = 0, refused = 0
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            switch round % 3 {
            case 0: // flip a few bytes, then repair the CRCs so the damage reaches the decoder proper
                for _ in 0..<(1 + random.below(4)) { bytes[8 + random.below(bytes.count - 8)] ^= UInt8(1 + random.below(255)) }
                bytes = PNGBuilder.fixingCRCs(bytes)
            case 1: // cut anywhere
                bytes = Array(bytes.prefix(random.below(bytes.count)))
            default: // signature followed by garbage
                bytes = Array(bytes.prefix(8)) + (0..<random.below(200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            do { _ = try decoder.decode(bytes); decoded += 1 } catch { refused += 1 }
        }
        #expect(decoded + refused == 3000)
        #expect(refused > 1000 && decoded > 0)
    }
}
