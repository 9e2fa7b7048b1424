import AuctionCore

/// Paging by screen in `watch`: the table shows as many rows as fit, `n`/`p` (Page Down/Page Up) move a
/// screenful, `g`/`G` to the first/last screen, and pages are loaded from the server (catalogue pages or
/// the query's cursor) whenever the screen wants rows not loaded yet — at the start, on a move, on resize.
extension WatchModel {
    /// How many product rows fit the terminal now.
    var screenCapacity: Int { WatchLayout.capacity(rows: tableSize.rows, hasHint: hint != nil) }

    /// The paging value over the rows loaded now.
    var paging: ScreenPaging { ScreenPaging(count: board.rows.count, capacity: screenCapacity, reachedEnd: reachedEnd) }

    /// A paging key: shows the screen it names, or loads pages first and shows it when they arrive.
    mutating func page(_ action: WatchAction, now: Timestamp) -> [WatchEffect] {
        guard pageable else { return render(now) }
        let move: ScreenPaging.Move
        switch action {
        case .nextPage: move = paging.next(from: pendingTop ?? firstVisible)
        case .previousPage: move = paging.previous(from: firstVisible)
        case .firstPage: move = paging.first
        default: move = paging.last
        }
        pendingSelectsLast = action == .lastPage
        switch move {
        case .show(let top):
            pendingTop = nil
            showScreen(from: top)
        case .load(let top):
            pendingTop = top
        }
        return render(now)
    }

    /// Shows the screen from `top`, selecting its first line (the last line for `G`).
    mutating func showScreen(from top: Int) {
        firstVisible = paging.clamped(top)
        selected = pendingSelectsLast ? max(0, board.rows.count - 1) : firstVisible
        pendingSelectsLast = false
        keepSelectionShown()
    }

    /// Shows the first screen of freshly replaced rows (a new query), dropping any move in flight.
    mutating func showFirstScreen() {
        pendingTop = nil
        pendingSelectsLast = false
        firstVisible = 0
        selected = 0
    }

    /// After a page arrived: a waiting move is shown once its rows are loaded (or the end is reached).
    mutating func settlePendingMove() {
        guard let wanted = pendingTop, case .show(let top) = paging.target(wanted) else { return }
        pendingTop = nil
        showScreen(from: top)
    }

    /// The next page's load when the screen (or a waiting move) wants rows not loaded yet and none is
    /// on its way; nothing when printing lines, watching given ids, or waiting for a new query.
    mutating func fillScreen() -> [WatchEffect] {
        guard interactive, pageable, !fillHeld, pendingPage == nil, requestedQuery == nil, reloadsPending == 0,
              paging.lacksRows(top: pendingTop ?? firstVisible) else { return [] }
        pendingPage = pageRanges.count
        return [nextPageEffect()]
    }
}
