/// Measures, truncates and pads text by terminal cells: Hangul, CJK and emoji take two cells,
/// combining marks none. Also strips control characters so server text cannot drive the terminal.
public enum TerminalText {
    /// How text is aligned when padded.
    public enum Alignment: Sendable {
        /// Text first, spaces after.
        case left
        /// Spaces first, text after.
        case right
    }

    /// The number of cells `text` takes.
    public static func width<Text: StringProtocol>(_ text: Text) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The number of cells one character (grapheme cluster) takes: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains("\u{FE0F}") { return 2 } // emoji presentation selector
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count >= 2 ? 2 : 1 } // flags
        return width(of: first)
    }

    /// The cells one scalar takes when it starts a character.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || (0x200B...0x200F).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth blocks (Hangul, CJK, kana, fullwidth forms).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// The text cut to at most `width` cells, ending in `…` when something was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard self.width(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let cells = self.width(of: character)
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        while out.last == " " { out.removeLast() }
        return out + "…"
    }

    /// The text truncated to `width` cells and padded with spaces to exactly `width` cells.
    public static func fit(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        let cut = truncate(text, toWidth: width)
        let padding = String(repeating: " ", count: max(0, width - self.width(cut)))
        return alignment == .left ? cut + padding : padding + cut
    }

    /// The text broken into lines of at most `width` cells at spaces (words wider than a line are cut).
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if self.width(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = truncate(String(word), toWidth: width)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The text with control characters (C0, DEL, C1, bidi overrides) replaced: newlines and tabs by a
    /// space, the rest by `�`, so text from the server cannot move the cursor or change colours.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) { out.append(scalar) } else if scalar == "\n" || scalar == "\t" || scalar == "\r" { out.append(" ") } else { out.append("\u{FFFD}") }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F..<0xA0).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
