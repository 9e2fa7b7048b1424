/// Where things go on the watch screen for a state: which products are shown (the page scrolls on a
/// short terminal) and the rows of the hint, the selected line's details and the status line.
struct WatchLayout: Hashable, Sendable {
    /// How many product rows fit.
    let capacity: Int
    /// The indices (in the state's products) shown, top to bottom.
    let shown: Range<Int>
    /// The row of the hint line, if there is one and it fits.
    let hintRow: Int?
    /// The row of the selected product's details (equal to `statusRow` when there is no room for it).
    let detailRow: Int
    /// The last row: the status line.
    let statusRow: Int

    /// The layout of a state.
    init(_ state: WatchState) {
        let rows = max(1, state.size.rows)
        capacity = WatchLayout.capacity(rows: rows, hasHint: state.hint != nil)
        let first = max(0, min(state.firstVisible, state.products.count - capacity))
        shown = first..<max(first, min(state.products.count, first + capacity))
        // Right below the products (the help takes their rows and one more), never past the last row.
        let below = WatchRenderer.firstProductRow + (state.showsHelp ? capacity : shown.count)
        hintRow = state.hint != nil && below + 2 <= rows ? below : nil
        detailRow = min(rows, below + (hintRow == nil ? 0 : 1))
        statusRow = min(rows, detailRow + 1)
    }

    /// How many product rows fit a terminal of this many rows (at least one).
    static func capacity(rows: Int, hasHint: Bool) -> Int {
        max(1, rows - (WatchRenderer.firstProductRow - 1) - 2 - (hasHint ? 1 : 0))
    }
}
