extension PNGDecoder {
    /// Turns unfiltered rows of any colour type and depth into 8-bit RGBA.
    static func expand(_ rows: [UInt8], header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) throws(PNGError) -> RGBAImage {
        let width = header.width, height = header.height
        let depth = Int(header.bitDepth)
        let channels = header.colorType.channels
        let rowBytes = header.rowBytes
        var pixels = [UInt8](repeating: 0, count: width * height * 4)

        // Sample `index` (counting samples across the row) of a row, at its stored depth.
        func sample(_ row: Int, _ index: Int) -> Int {
            let base = row * rowBytes
            switch depth {
            case 8: return Int(rows[base + index])
            case 16: return Int(rows[base + index * 2]) << 8 | Int(rows[base + index * 2 + 1])
            default:
                let bit = index * depth
                let byte = rows[base + bit / 8]
                let shift = 8 - depth - bit % 8
                return Int(byte >> UInt8(shift)) & ((1 << depth) - 1)
            }
        }
        // Scales a sample of the stored depth to 8 bits.
        func scaled(_ value: Int) -> UInt8 {
            switch depth {
            case 16: UInt8(value >> 8)
            case 8: UInt8(value)
            default: UInt8(value * 255 / ((1 << depth) - 1))
            }
        }
        // The colour key from tRNS for greyscale (one sample) or RGB (three samples).
        var key: [Int]?
        if let transparency, header.colorType == .greyscale || header.colorType == .rgb {
            let count = header.colorType == .greyscale ? 1 : 3
            if transparency.count >= count * 2 {
                key = (0..<count).map { Int(transparency[$0 * 2]) << 8 | Int(transparency[$0 * 2 + 1]) }
            }
        }

        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                let s = x * channels
                switch header.colorType {
                case .greyscale:
                    let v = sample(y, s)
                    let g = scaled(v)
                    pixels[o] = g; pixels[o + 1] = g; pixels[o + 2] = g
                    pixels[o + 3] = key == [v] ? 0 : 255
                case .greyscaleAlpha:
                    let g = scaled(sample(y, s))
                    pixels[o] = g; pixels[o + 1] = g; pixels[o + 2] = g
                    pixels[o + 3] = scaled(sample(y, s + 1))
                case .rgb:
                    let r = sample(y, s), g = sample(y, s + 1), b = sample(y, s + 2)
                    pixels[o] = scaled(r); pixels[o + 1] = scaled(g); pixels[o + 2] = scaled(b)
                    pixels[o + 3] = key == [r, g, b] ? 0 : 255
                case .rgba:
                    for c in 0..<4 { pixels[o + c] = scaled(sample(y, s + c)) }
                case .palette:
                    let index = sample(y, s)
                    guard index * 3 + 2 < palette.count else {
                        throw .invalidPalette("index \(index) past the \(palette.count / 3)-entry palette")
                    }
                    pixels[o] = palette[index * 3]
                    pixels[o + 1] = palette[index * 3 + 1]
                    pixels[o + 2] = palette[index * 3 + 2]
                    pixels[o + 3] = transparency.flatMap { index < $0.count ? $0[index] : nil } ?? 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
