/// A colour as a terminal of a given `ColorDepth` can show it: the exact 24-bit value, the nearest
/// entry of the xterm 256-colour palette, or the nearest of the 16 ANSI colours.
public enum TerminalColor: Hashable, Sendable {
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
    /// An index into the xterm 256-colour palette (16–255 are used: the 6×6×6 cube and the grey ramp).
    case indexed(UInt8)
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case basic(UInt8)

    /// The nearest colour a terminal of `depth` can show.
    public init(red: UInt8, green: UInt8, blue: UInt8, depth: ColorDepth) {
        switch depth {
        case .trueColor: self = .rgb(red, green, blue)
        case .palette256: self = .indexed(TerminalColor.nearest256(red, green, blue))
        case .basic16: self = .basic(TerminalColor.nearest16(red, green, blue))
        }
    }

    /// The escape sequence that makes this the foreground colour.
    public var foreground: String {
        switch self {
        case .rgb(let r, let g, let b): ANSI.foreground(red: r, green: g, blue: b)
        case .indexed(let index): "\u{1B}[38;5;\(index)m"
        case .basic(let index): "\u{1B}[\(index < 8 ? 30 + Int(index) : 90 + Int(index) - 8)m"
        }
    }

    /// The escape sequence that makes this the background colour.
    public var background: String {
        switch self {
        case .rgb(let r, let g, let b): ANSI.background(red: r, green: g, blue: b)
        case .indexed(let index): "\u{1B}[48;5;\(index)m"
        case .basic(let index): "\u{1B}[\(index < 8 ? 40 + Int(index) : 100 + Int(index) - 8)m"
        }
    }

    /// The six levels of each channel in the xterm 6×6×6 colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values for the 16 ANSI colours.
    static let basicPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearer of the closest cube colour and the closest grey-ramp entry (232–255: 8, 18, …, 238).
    static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let cube = (cubeLevels[cr], cubeLevels[cg], cubeLevels[cb])
        let greyStep = max(0, min(23, ((r + g + b) / 3 - 3) / 10))
        let grey = 8 + greyStep * 10
        if distance((r, g, b), (grey, grey, grey)) < distance((r, g, b), cube) { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    /// The closest of the 16 ANSI colours.
    static func nearest16(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let colour = (Int(red), Int(green), Int(blue))
        var best = 0
        for index in 1..<basicPalette.count where distance(colour, basicPalette[index]) < distance(colour, basicPalette[best]) {
            best = index
        }
        return UInt8(best)
    }

    /// Squared distance with the channels weighted 2 : 4 : 3, roughly as the eye weighs red, green and blue.
    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
