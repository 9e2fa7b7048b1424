import AuctionImage

/// Draws an image in a colour terminal with `▀`: each cell shows two pixels, the upper as the
/// foreground colour and the lower as the background, so pixels come out roughly square.
public enum HalfBlockImage {
    /// The image scaled to at most `width` cells and `maximumLines` lines (box-averaged, aspect kept),
    /// as lines; transparent pixels are blended onto `background`; colours are the nearest `depth`
    /// can show. Each line ends with a colour reset.
    public static func render(_ image: RGBAImage, width: Int, maximumLines: Int? = nil, depth: ColorDepth = .trueColor,
                              background: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> [String] {
        guard image.width > 0, image.height > 0, width > 0 else { return [] }
        var columns = min(width, image.width)
        // Two pixel rows per line; keep the aspect ratio.
        var pixelRows = max(2, Int((Double(image.height) * Double(columns) / Double(image.width)).rounded()))
        if pixelRows % 2 == 1 { pixelRows += 1 }
        if let maximumLines, pixelRows / 2 > max(1, maximumLines) {
            pixelRows = max(1, maximumLines) * 2
            columns = max(1, min(columns, Int((Double(image.width) * Double(pixelRows) / Double(image.height)).rounded())))
        }
        var lines: [String] = []
        for line in 0..<(pixelRows / 2) {
            var out = ""
            var lastTop: TerminalColor?
            var lastBottom: TerminalColor?
            for column in 0..<columns {
                let top = color(sample(image, column: column, columns: columns, row: line * 2, rows: pixelRows, background: background), depth)
                let bottom = color(sample(image, column: column, columns: columns, row: line * 2 + 1, rows: pixelRows, background: background), depth)
                if top != lastTop { out += top.foreground }
                if bottom != lastBottom { out += bottom.background }
                out += "▀"
                lastTop = top
                lastBottom = bottom
            }
            lines.append(out + ANSI.reset)
        }
        return lines
    }

    /// The terminal colour for a sampled pixel.
    static func color(_ rgb: (UInt8, UInt8, UInt8), _ depth: ColorDepth) -> TerminalColor {
        TerminalColor(red: rgb.0, green: rgb.1, blue: rgb.2, depth: depth)
    }

    /// The average colour of the source pixels under one target pixel, blended onto the background.
    static func sample(_ image: RGBAImage, column: Int, columns: Int, row: Int, rows: Int, background: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        let x0 = column * image.width / columns, x1 = max(x0 + 1, (column + 1) * image.width / columns)
        let y0 = row * image.height / rows, y1 = max(y0 + 1, (row + 1) * image.height / rows)
        var sum = (0, 0, 0)
        var count = 0
        for y in y0..<min(y1, image.height) {
            for x in x0..<min(x1, image.width) {
                let (r, g, b, a) = image.pixel(x: x, y: y)
                let alpha = Int(a)
                sum.0 += (Int(r) * alpha + Int(background.0) * (255 - alpha)) / 255
                sum.1 += (Int(g) * alpha + Int(background.1) * (255 - alpha)) / 255
                sum.2 += (Int(b) * alpha + Int(background.2) * (255 - alpha)) / 255
                count += 1
            }
        }
        guard count > 0 else { return background }
        return (UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
    }
}
