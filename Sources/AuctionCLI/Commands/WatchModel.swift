import AuctionCore

/// `auction watch` as a value: the board of prices, the pages, the connection and what is on screen.
/// Every input is a `WatchEvent`; every output a `WatchEffect`, so it is tested without a terminal
/// or a socket. Full-screen (`interactive`) it renders through `WatchRenderer`, rewriting only
/// changed lines; otherwise it prints one line per price change.
public struct WatchModel: Sendable {
    /// Whether the model drives a full-screen table (true) or prints lines (false).
    public let interactive: Bool
    /// Whether pages can be turned (false when watching given ids).
    public let pageable: Bool
    /// Every loaded product, page after page, with live prices.
    public private(set) var board: PriceBoard
    /// The board rows of each loaded page.
    public private(set) var pageRanges: [Range<Int>]
    /// The page shown, from 0.
    public private(set) var currentPage = 0
    /// Whether the last page of the catalogue is loaded.
    public private(set) var reachedEnd: Bool
    /// The socket connection's state.
    public private(set) var connection: ConnectionState = .connecting
    /// When the last price change arrived.
    public private(set) var lastUpdateAt: Timestamp?
    /// What is on the terminal (nil before the first paint, or when a full repaint is due).
    public private(set) var screen: WatchScreen?
    /// The terminal's size.
    public private(set) var size: TerminalSize
    /// Whether to colour.
    public let color: Bool
    /// The first line of the screen.
    public let title: String
    /// The clock for the times of printed lines.
    public let clock: TimeOfDay
    private var pendingPage: Int?
    private var lostConnection = false
    /// Reloads asked for and not answered yet, and the pushes applied meanwhile: a reload may have
    /// read the prices before those pushes, so they are applied again on top of it.
    private var reloadsPending = 0
    private var pushedDuringReload: [PriceUpdate] = []

    /// A model over loaded pages (`pageable`) or a fixed list of products (one page, not pageable).
    public init(pages: [[Product]], pageable: Bool, reachedEnd: Bool, interactive: Bool, size: TerminalSize = .fallback,
                color: Bool = false, title: String = "auction watch", clock: TimeOfDay = .utc) {
        self.interactive = interactive
        self.pageable = pageable
        self.reachedEnd = reachedEnd || !pageable
        self.size = size
        self.color = color
        self.title = title
        self.clock = clock
        board = PriceBoard(products: pages.flatMap { $0 })
        pageRanges = WatchModel.ranges(of: pages)
    }

    /// The products of the page shown.
    public var visibleProducts: [Product] {
        guard currentPage < pageRanges.count else { return [] }
        return Array(board.rows[pageRanges[currentPage]])
    }

    /// Applies an event; returns what to do, in order.
    public mutating func handle(_ event: WatchEvent, now: Timestamp) -> [WatchEffect] {
        switch event {
        case .feed(.price(let update)):
            if reloadsPending > 0 { pushedDuringReload.append(update) }
            guard let index = board.apply(update) else { return [] }
            lastUpdateAt = now
            guard interactive else {
                return [.write(Array((WatchLine.format(board.rows[index], at: now, clock: clock) + "\n").utf8))]
            }
            return render(now)
        case .feed(.closed):
            return []
        case .feed(.connection(let state)):
            return connectionChanged(to: state) + render(now)
        case .key(let key):
            return pressed(key, now: now)
        case .resized(let newSize):
            size = newSize
            return render(now)
        case .tick:
            return render(now)
        case .pageLoaded(let index, let page):
            return pageLoaded(index, page, now: now)
        case .reloaded(let pages):
            return reloaded(pages, now: now)
        case .loadFailed(let reason):
            pendingPage = nil
            return interactive ? [] : [.notice(reason)]
        case .reloadFailed(let reason):
            finishReload()
            return interactive ? [] : [.notice(reason)]
        }
    }

    private mutating func connectionChanged(to state: ConnectionState) -> [WatchEffect] {
        let previous = connection
        connection = state
        guard previous != state else { return [] }
        var effects: [WatchEffect] = []
        switch state {
        case .connected:
            if lostConnection {
                lostConnection = false
                // Changes made while disconnected were not pushed: load the prices again.
                effects.append(startReload())
                if !interactive { effects.append(.notice("connected again")) }
            }
        case .reconnecting:
            lostConnection = true
            if !interactive { effects.append(.notice("not connected; \(state.summary)")) }
        case .connecting, .closed:
            break
        }
        return effects
    }

    private mutating func pressed(_ key: Key, now: Timestamp) -> [WatchEffect] {
        switch WatchAction(key: key) {
        case .quit:
            return [.quit]
        case .nextPage:
            guard pageable else { return [] }
            if currentPage + 1 < pageRanges.count {
                currentPage += 1
                return render(now)
            }
            guard !reachedEnd, pendingPage == nil else { return [] }
            pendingPage = pageRanges.count
            return [.loadPage(pageRanges.count)]
        case .previousPage:
            guard currentPage > 0 else { return [] }
            currentPage -= 1
            return render(now)
        case .reload:
            screen = nil
            return [startReload()] + render(now)
        case nil:
            return []
        }
    }

    private mutating func pageLoaded(_ index: Int, _ page: ProductPage?, now: Timestamp) -> [WatchEffect] {
        pendingPage = nil
        guard index == pageRanges.count else { return [] }
        guard let page, !page.products.isEmpty else {
            reachedEnd = true
            return render(now)
        }
        let start = board.rows.count
        board.replace(with: board.rows + page.products)
        pageRanges.append(start..<board.rows.count)
        if page.products.count < ProductPage.size { reachedEnd = true }
        currentPage = index
        return [.announcePages(pageRanges.count)] + render(now)
    }

    private mutating func startReload() -> WatchEffect {
        reloadsPending += 1
        return .reload
    }

    private mutating func finishReload() {
        reloadsPending = max(0, reloadsPending - 1)
        if reloadsPending == 0 { pushedDuringReload = [] }
    }

    private mutating func reloaded(_ pages: [[Product]], now: Timestamp) -> [WatchEffect] {
        let before = Dictionary(board.rows.map { ($0.id, $0.currentPrice) }, uniquingKeysWith: { first, _ in first })
        var fresh = PriceBoard(products: pages.flatMap { $0 })
        for update in pushedDuringReload { _ = fresh.apply(update) }
        board.replace(with: fresh.rows)
        finishReload()
        pageRanges = WatchModel.ranges(of: pages)
        currentPage = min(currentPage, max(0, pageRanges.count - 1))
        guard interactive else {
            let changed = board.rows.filter { product in
                before[product.id].map { $0 != product.currentPrice } ?? false
            }
            guard !changed.isEmpty else { return [] }
            lastUpdateAt = now
            let text = changed.map { WatchLine.format($0, at: now, clock: clock) + "\n" }.joined()
            return [.write(Array(text.utf8))]
        }
        return render(now)
    }

    /// The bytes that bring the screen up to date (nothing when not full-screen or nothing changed).
    private mutating func render(_ now: Timestamp) -> [WatchEffect] {
        guard interactive else { return [] }
        let state = WatchState(products: visibleProducts, pageNumber: currentPage + 1, pageCount: max(1, pageRanges.count),
                               morePages: !reachedEnd,
                               connection: connection, updatesReceived: board.updatesApplied, lastUpdateAt: lastUpdateAt,
                               size: size, color: color, title: title)
        let (bytes, painted) = screen.map { WatchRenderer.render(previous: $0, state: state, now: now) }
            ?? WatchRenderer.fullPaint(state: state, now: now)
        screen = painted
        return bytes.isEmpty ? [] : [.write(bytes)]
    }

    private static func ranges(of pages: [[Product]]) -> [Range<Int>] {
        var start = 0
        return pages.map { page in
            defer { start += page.count }
            return start..<(start + page.count)
        }
    }
}
