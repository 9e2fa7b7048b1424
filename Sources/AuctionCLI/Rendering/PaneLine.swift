/// One line of a pane in `watch`: its text (which may carry colour escapes) and the cells it takes, so
/// that it can be padded to the pane's width without clearing to the end of the terminal's line.
struct PaneLine: Hashable, Sendable {
    /// The text, escapes included.
    let text: String
    /// The cells it takes on screen.
    let cells: Int

    /// A plain line cut to `width` cells (names only: figures are left out by the caller rather than cut).
    init(_ plain: String, width: Int) {
        let cut = TerminalText.truncate(plain, toWidth: max(0, width))
        text = cut
        cells = TerminalText.width(cut)
    }

    /// A line whose cells are known (styled text, half blocks).
    init(styled text: String, cells: Int) {
        self.text = text
        self.cells = cells
    }

    /// A plain line wrapped in a style (bold, dim, reverse) when colouring.
    static func styled(_ plain: String, width: Int, style: String?) -> PaneLine {
        let line = PaneLine(plain, width: width)
        guard let style else { return line }
        return PaneLine(styled: style + line.text + ANSI.reset, cells: line.cells)
    }

    /// The line padded with spaces to `width` cells.
    func padded(to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - cells))
    }
}
