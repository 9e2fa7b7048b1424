extension PNGDecoder {
    /// Undoes the per-row filters; returns the raw rows back to back, without filter bytes.
    static func unfilter(_ stored: [UInt8], header: PNGHeader) throws(PNGError) -> [UInt8] {
        let rowBytes = header.rowBytes
        let stride = header.filterStride
        var out = [UInt8](repeating: 0, count: rowBytes * header.height)
        for row in 0..<header.height {
            let source = row * (rowBytes + 1)
            let filter = stored[source]
            let target = row * rowBytes
            for i in 0..<rowBytes {
                let x = stored[source + 1 + i]
                let a = i >= stride ? out[target + i - stride] : 0
                let b = row > 0 ? out[target - rowBytes + i] : 0
                let c = (row > 0 && i >= stride) ? out[target - rowBytes + i - stride] : 0
                let predictor: UInt8
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = UInt8((UInt16(a) + UInt16(b)) / 2)
                case 4: predictor = paeth(a, b, c)
                default: throw .invalidFilter(filter)
                }
                out[target + i] = x &+ predictor
            }
        }
        return out
    }

    /// The Paeth predictor: whichever of left, up and upper-left is closest to `a + b - c`.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }
}
