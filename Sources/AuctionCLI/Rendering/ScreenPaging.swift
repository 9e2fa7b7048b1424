import AuctionCore

/// Paging by screen over the loaded rows of `watch` (`n`/`p`, Page Down/Page Up, `g`/`G`): where a move
/// puts the first line shown, or that rows must be loaded before it can. A value, tested without a model.
public struct ScreenPaging: Hashable, Sendable {
    /// Where a move goes.
    public enum Move: Hashable, Sendable {
        /// Show the screen whose first line is this row.
        case show(top: Int)
        /// Load more rows first: the screen from this row (`Int.max`: the last screen) is not loaded yet.
        case load(top: Int)
    }

    /// How many rows are loaded.
    public var count: Int
    /// How many rows fit the screen (at least one).
    public var capacity: Int
    /// Whether no rows follow the loaded ones (the last page is loaded).
    public var reachedEnd: Bool

    /// Paging over `count` rows, `capacity` to a screen.
    public init(count: Int, capacity: Int, reachedEnd: Bool) {
        self.count = max(0, count)
        self.capacity = max(1, capacity)
        self.reachedEnd = reachedEnd
    }

    /// The first line of the last full screen of the loaded rows.
    public var lastTop: Int { max(0, count - capacity) }

    /// The next screen after the one starting at `top`.
    public func next(from top: Int) -> Move { target(top.addingReportingOverflow(capacity).partialValue) }

    /// The screen before the one starting at `top` (the first screen at most).
    public func previous(from top: Int) -> Move { .show(top: max(0, min(top, lastTop) - capacity)) }

    /// The first screen.
    public var first: Move { .show(top: 0) }

    /// The last screen: shown when the end is loaded, else everything up to it is loaded first.
    public var last: Move { reachedEnd ? .show(top: lastTop) : .load(top: .max) }

    /// The screen starting at `top`: shown when loaded whole (or when nothing more can be loaded, then
    /// moved up to end full), else loaded first.
    public func target(_ top: Int) -> Move {
        if top == .max { return last }
        if reachedEnd || !lacksRows(top: top) { return .show(top: clamped(top)) }
        return .load(top: top)
    }

    /// `top` kept within the rows: never past the last full screen.
    public func clamped(_ top: Int) -> Int { max(0, min(top, lastTop)) }

    /// The position line of the rows `shown` (0-based): `lots 31–60 of 1,204` with the server's count,
    /// `lots 31–60+` while more may follow and it gave none, `lot 7 of 9` for one row, `no lots` for none.
    public static func positionLabel(shown: Range<Int>, total: Int?, more: Bool) -> String {
        let of = total.map { " of " + Money(Int64(clamping: $0)).description } ?? (more ? "+" : "")
        if shown.isEmpty { return "no lots" + of }
        if shown.count == 1 { return "lot \(shown.lowerBound + 1)" + of }
        return "lots \(shown.lowerBound + 1)–\(shown.upperBound)" + of
    }

    /// Whether the screen from `top` wants rows not loaded yet that the server may have.
    public func lacksRows(top: Int) -> Bool {
        !reachedEnd && (top == .max || top > count - capacity)
    }
}
