import AuctionImage
import AuctionInfrastructure
import Testing

@Suite struct PNGDecoderTests {
    let decoder = PNGDecoder()

    @Test func roundTripsImagesWrittenByTheEncoder() throws {
        var random = SplitMix64(seed: 7)
        let pixels = (0..<(13 * 9 * 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let image = RGBAImage(width: 13, height: 9, pixels: pixels)
        #expect(try decoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test(arguments: [UInt8(0), 1, 2, 3, 4])
    func undoesEachFilterType(filter: UInt8) throws {
        // A 6×4 RGB gradient with structure in both directions, so every predictor matters.
        let rows: [[UInt8]] = (0..<4).map { (y: Int) -> [UInt8] in
            (0..<6).flatMap { (x: Int) -> [UInt8] in [UInt8(x * 40 + y), UInt8(y * 60), UInt8(255 - x * 30 - y * 7)] }
        }
        let png = PNGBuilder(width: 6, height: 4, colorType: 2).build(rows: rows, filters: [filter])
        let image = try decoder.decode(png)
        var expected: [UInt8] = []
        for row in rows {
            for start in stride(from: 0, to: row.count, by: 3) { expected += [row[start], row[start + 1], row[start + 2], 255] }
        }
        #expect(image.pixels == expected)
        #expect(image.pixel(x: 5, y: 3) == (203, 180, 84, 255))
    }

    @Test func decodesMixedFiltersRowByRow() throws {
        let rows: [[UInt8]] = (0..<5).map { (y: Int) -> [UInt8] in
            (0..<4).flatMap { (x: Int) -> [UInt8] in [UInt8(x * 50), UInt8(y * 50), 7, UInt8(200 + x)] }
        }
        let png = PNGBuilder(width: 4, height: 5).build(rows: rows, filters: [4, 3, 2, 1, 0])
        let image = try decoder.decode(png)
        #expect(image.pixels == rows.flatMap { $0 })
    }

    @Test func decodesGreyscaleAndGreyAlpha() throws {
        let grey = try decoder.decode(PNGBuilder(width: 2, height: 1, colorType: 0).build(rows: [[10, 250]]))
        #expect(grey.pixels == [10, 10, 10, 255, 250, 250, 250, 255])
        let greyAlpha = try decoder.decode(PNGBuilder(width: 2, height: 1, colorType: 4).build(rows: [[10, 128, 250, 0]]))
        #expect(greyAlpha.pixels == [10, 10, 10, 128, 250, 250, 250, 0])
    }

    @Test func decodesOneBitGreyscale() throws {
        // 10 pixels: 1010101011 → two bytes, the second padded.
        let png = PNGBuilder(width: 10, height: 1, bitDepth: 1, colorType: 0).build(rows: [[0b1010_1010, 0b1100_0000]])
        let image = try decoder.decode(png)
        let greys = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        #expect(greys == [255, 0, 255, 0, 255, 0, 255, 0, 255, 255])
    }

    @Test func decodesPaletteWithTransparency() throws {
        var builder = PNGBuilder(width: 4, height: 1, bitDepth: 2, colorType: 3)
        builder.extraChunks = [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]), ("tRNS", [0, 128])]
        let image = try decoder.decode(builder.build(rows: [[0b00_01_10_11]]))
        #expect(image.pixels == [255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 255])
    }

    @Test func appliesRGBColourKeyFromTransparencyChunk() throws {
        var builder = PNGBuilder(width: 2, height: 1, colorType: 2)
        builder.extraChunks = [("tRNS", [0, 1, 0, 2, 0, 3])]
        let image = try decoder.decode(builder.build(rows: [[1, 2, 3, 1, 2, 4]]))
        #expect(image.pixel(x: 0, y: 0) == (1, 2, 3, 0))
        #expect(image.pixel(x: 1, y: 0) == (1, 2, 4, 255))
    }

    @Test func downsamplesSixteenBitSamplesToTheirHighByte() throws {
        let png = PNGBuilder(width: 1, height: 2, bitDepth: 16, colorType: 6)
            .build(rows: [[0x12, 0x34, 0xAB, 0xCD, 0xFF, 0x00, 0x80, 0x01], [0, 0, 0, 0, 0, 0, 0, 0]], filters: [0, 4])
        let image = try decoder.decode(png)
        #expect(image.pixels == [0x12, 0xAB, 0xFF, 0x80, 0, 0, 0, 0])
    }

    @Test func skipsUnknownAncillaryChunks() throws {
        var builder = PNGBuilder(width: 1, height: 1, colorType: 0)
        builder.extraChunks = [("tEXt", Array("Comment\0hello".utf8))]
        #expect(try decoder.decode(builder.build(rows: [[42]])).pixels == [42, 42, 42, 255])
    }

    @Test func decodesDataSplitOverSeveralImageDataChunks() throws {
        let single = try PNGEncoder.encode(RGBAImage(width: 3, height: 3, pixels: [UInt8](repeating: 77, count: 36)))
        // Split the one IDAT (after the 8-byte signature and the 25-byte IHDR chunk) into two.
        let idatStart = 8 + 25
        let length = Int(single[idatStart + 3])
        let data = Array(single[(idatStart + 8)..<(idatStart + 8 + length)])
        let split = Array(single[..<idatStart]) + PNGBuilder.chunk("IDAT", Array(data[..<4])) + PNGBuilder.chunk("IDAT", Array(data[4...]))
            + PNGBuilder.chunk("IEND", [])
        #expect(try decoder.decode(split).pixels == [UInt8](repeating: 77, count: 36))
    }

    @Test(arguments: [(width: 9, height: 7), (width: 1, height: 1), (width: 3, height: 2), (width: 16, height: 9)])
    func decodesAdam7InterlacedImages(size: (width: Int, height: Int)) throws {
        var rows: [[UInt8]] = []
        for y in 0..<size.height {
            var row: [UInt8] = []
            for x in 0..<size.width { row += [UInt8(x * 17 % 256), UInt8(y * 29 % 256), UInt8((x * y) % 256)] }
            rows.append(row)
        }
        for filter: UInt8 in [0, 4] {
            let png = PNGBuilder(width: size.width, height: size.height, colorType: 2).buildInterlaced(rows: rows, bytesPerPixel: 3, filter: filter)
            let image = try decoder.decode(png)
            var expected: [UInt8] = []
            for row in rows {
                for start in stride(from: 0, to: row.count, by: 3) { expected += [row[start], row[start + 1], row[start + 2], 255] }
            }
            #expect(image.pixels == expected)
        }
    }
}
