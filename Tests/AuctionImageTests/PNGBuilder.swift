import AuctionInfrastructure

/// Builds PNG files by hand for tests: any header, chosen filters, stored (uncompressed) deflate blocks.
struct PNGBuilder {
    var width: Int
    var height: Int
    var bitDepth: UInt8 = 8
    var colorType: UInt8 = 6
    var interlace: UInt8 = 0
    /// Chunks placed between IHDR and IDAT (PLTE, tRNS, ancillary).
    var extraChunks: [(String, [UInt8])] = []

    /// The file for unfiltered rows (each `rowBytes` long), filtering row `i` with `filters[i % count]`.
    func build(rows: [[UInt8]], filters: [UInt8] = [0]) -> [UInt8] {
        let stride = max(1, Int(bitDepth) * channels / 8)
        return file(raw: PNGBuilder.filterRows(rows, stride: stride, filters: filters), interlace: interlace)
    }

    /// An Adam7-interlaced file for full-image rows of whole-byte pixels (`bytesPerPixel` each);
    /// each pass is filtered on its own with `filter`.
    func buildInterlaced(rows: [[UInt8]], bytesPerPixel: Int, filter: UInt8) -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            var subRows: [[UInt8]] = []
            for y in stride(from: y0, to: height, by: dy) {
                var row: [UInt8] = []
                for x in stride(from: x0, to: width, by: dx) { row += rows[y][(x * bytesPerPixel)..<((x + 1) * bytesPerPixel)] }
                if !row.isEmpty { subRows.append(row) }
            }
            guard !subRows.isEmpty else { continue }
            raw += PNGBuilder.filterRows(subRows, stride: bytesPerPixel, filters: [filter])
        }
        return file(raw: raw, interlace: 1)
    }

    /// Signature, IHDR, the extra chunks, one IDAT of `raw` in stored blocks, IEND.
    private func file(raw: [UInt8], interlace: UInt8) -> [UInt8] {
        var header: [UInt8] = []
        header.append(contentsOf: PNGBuilder.bigEndian(UInt32(width)))
        header.append(contentsOf: PNGBuilder.bigEndian(UInt32(height)))
        header.append(contentsOf: [bitDepth, colorType, 0, 0, interlace])
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += PNGBuilder.chunk("IHDR", header)
        for (type, data) in extraChunks { out += PNGBuilder.chunk(type, data) }
        out += PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored(raw))
        out += PNGBuilder.chunk("IEND", [])
        return out
    }

    /// Rows with a filter byte each; row `i` is filtered with `filters[i % filters.count]`.
    static func filterRows(_ rows: [[UInt8]], stride: Int, filters: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for (index, row) in rows.enumerated() {
            let filter = filters[index % filters.count]
            raw.append(filter)
            let above = index > 0 ? rows[index - 1] : [UInt8](repeating: 0, count: row.count)
            for i in 0..<row.count {
                let a = i >= stride ? row[i - stride] : 0
                let b = above[i]
                let c = i >= stride ? above[i - stride] : 0
                let predictor: UInt8 = switch filter {
                case 1: a
                case 2: b
                case 3: UInt8((UInt16(a) + UInt16(b)) / 2)
                case 4: paeth(a, b, c)
                default: 0
                }
                raw.append(row[i] &- predictor)
            }
        }
        return raw
    }

    var channels: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// Recomputes every chunk's CRC after a test has damaged the bytes (stops at the first bad length).
    static func fixingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var offset = 8
        while offset + 12 <= out.count {
            let length = Int(UInt32(out[offset]) << 24 | UInt32(out[offset + 1]) << 16 | UInt32(out[offset + 2]) << 8 | UInt32(out[offset + 3]))
            guard length <= out.count - offset - 12 else { break }
            let crc = bigEndian(crc32(Array(out[(offset + 4)..<(offset + 8 + length)])))
            out.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: crc)
            offset += 12 + length
        }
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }
}

/// Bounded draws from the shared seeded generator, so "random" tests are reproducible.
extension SplitMix64 {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
