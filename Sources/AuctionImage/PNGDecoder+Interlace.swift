extension PNGDecoder {
    /// The seven Adam7 passes: first column and row, then column and row steps.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The header of each non-empty pass's sub-image (width and height of that pass), in order.
    static func passes(of header: PNGHeader) -> [(pass: Int, header: PNGHeader)] {
        adam7.enumerated().compactMap { index, pass in
            let width = (header.width - pass.x + pass.dx - 1) / pass.dx
            let height = (header.height - pass.y + pass.dy - 1) / pass.dy
            guard width > 0, height > 0 else { return nil }
            var sub = header
            sub.width = width
            sub.height = height
            sub.interlaced = false
            return (index, sub)
        }
    }

    /// The decompressed size of an interlaced image: every pass's rows with their filter bytes.
    static func interlacedSize(_ header: PNGHeader) -> Int {
        passes(of: header).reduce(0) { $0 + ($1.header.rowBytes + 1) * $1.header.height }
    }

    /// Decodes the seven passes one after another and places their pixels in the full image.
    static func deinterlace(_ stored: [UInt8], header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) throws(PNGError) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var offset = 0
        for (index, sub) in passes(of: header) {
            let size = (sub.rowBytes + 1) * sub.height
            let rows = try unfilter(Array(stored[offset..<offset + size]), header: sub)
            offset += size
            let part = try expand(rows, header: sub, palette: palette, transparency: transparency)
            let pass = adam7[index]
            for y in 0..<sub.height {
                for x in 0..<sub.width {
                    let source = (y * sub.width + x) * 4
                    let target = ((pass.y + y * pass.dy) * header.width + pass.x + x * pass.dx) * 4
                    pixels.replaceSubrange(target..<target + 4, with: part.pixels[source..<source + 4])
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }
}
