import AuctionCore

/// `auction watch` as a value: the board of prices, the pages, the connection, the selection, the bid
/// prompt and what is on screen. Every input is a `WatchEvent`; every output a `WatchEffect`, so it is
/// tested without a terminal or a socket. Full-screen (`interactive`) it renders through
/// `WatchRenderer`, rewriting only changed lines; otherwise it prints one line (or JSON object) per change.
public struct WatchModel: Sendable {
    /// Whether the model drives a full-screen table (true) or prints lines (false).
    public let interactive: Bool
    /// When not full-screen: JSON objects (a snapshot first) instead of tab-separated lines.
    public let json: Bool
    /// Whether pages can be turned (false when watching given ids).
    public let pageable: Bool
    /// Every loaded product, page after page, with live prices.
    public internal(set) var board: PriceBoard
    /// The board rows of each loaded page.
    public internal(set) var pageRanges: [Range<Int>]
    /// How many lots the catalogue or the query holds, as the server counted them; nil when it did not say.
    public var total: Int?
    /// Whether the last page of the catalogue is loaded.
    public internal(set) var reachedEnd: Bool
    /// The socket connection's state.
    public internal(set) var connection: ConnectionState = .connecting
    /// When the last price change arrived.
    public internal(set) var lastUpdateAt: Timestamp?
    /// What is on the terminal (nil before the first paint, or when a full repaint is due).
    public internal(set) var screen: WatchScreen?
    /// The terminal's size.
    public internal(set) var size: TerminalSize
    /// Whether to colour.
    public let color: Bool
    /// The first line of the screen.
    public let title: String
    /// A line above the status line (the demo's command to bid from another shell), if any.
    public let hint: String?
    /// The clock for the times of printed lines and "stale since".
    public let clock: TimeOfDay
    /// The selected line (an index into `visibleProducts`, every loaded row).
    public internal(set) var selected = 0
    /// The first line shown on screen: the screen pages and scrolls over every loaded row.
    public internal(set) var firstVisible = 0
    /// A screen move waiting for rows to load: the first line it will show (`Int.max`: the last screen).
    var pendingTop: Int?
    /// Whether the pending move selects the last line (`G`) rather than the first shown.
    var pendingSelectsLast = false
    /// A page failed to load: the screen is not filled again until the next key or resize.
    var fillHeld = false
    /// The bid being typed, if any.
    public internal(set) var prompt: BidPrompt?
    /// The status line's message (a bid's outcome) until the next key.
    public internal(set) var message: String?
    /// Whether the key help is shown.
    public internal(set) var showsHelp = false
    /// The first line of the help shown.
    public internal(set) var helpOffset = 0
    /// When the next reconnect attempt starts, while waiting to reconnect.
    public internal(set) var reconnectAt: Timestamp?
    /// Since when the prices shown may be out of date; nil while live.
    public internal(set) var staleSince: Timestamp?
    var pendingPage: Int?
    var lostConnection = false
    var printedSnapshot = false
    /// Whether the status line's message is about the connection (a bid that could not be sent), cleared on reconnecting.
    var messageEndsOnConnect = false
    /// Ended auctions as pushed, applied again over reloaded products (which may predate the push).
    var closings: [ProductID: (price: Money, winner: String?, status: LotStatus?)] = [:]
    /// Reloads asked for and not answered yet, and the pushes applied meanwhile: a reload may have
    /// read the prices before those pushes, so they are applied again on top of it.
    var reloadsPending = 0
    var pushedDuringReload: [PriceUpdate] = []
    /// End times pushed by soft close, the bell and the notify command (pushes 7 and 8).
    public var alerts = WatchAlerts()
    /// The discovery query shown (plain: the catalogue's pages from the original endpoints).
    public internal(set) var query = CatalogueQuery()
    /// The cursor of the query's page after the last loaded one; nil at its end (or for the plain catalogue).
    public internal(set) var queryCursor: String?
    /// A query asked for with `.requery` and not answered yet.
    public internal(set) var requestedQuery: CatalogueQuery?
    /// The filter being typed after `/`, if any.
    public internal(set) var filterPrompt: FilterPrompt?
    /// The lots the user leads or is outbid on (their own bids, outbid notifications), marked in the table.
    public internal(set) var standings: [ProductID: MyBidStatus] = [:]
    /// The detail pane (Enter), when open: it shows the selected lot.
    public internal(set) var pane: LotPane?
    /// The ids on the user's watchlist as the server listed them (and `w` changed them); nil when unknown.
    public internal(set) var watchlist: Set<ProductID>?
    /// The logged-in user's name (their own chat lines and bids marked), if any.
    public var viewer: String?
    /// Why the lot's chat is not offered in the pane (no login, a server without chat); nil when it is.
    public var chatUnavailable: String? = "chat needs a login: quit and run `auction login <name>`"
    /// How many colours pictures are drawn with.
    public var colorDepth: ColorDepth = .trueColor
    /// Lines sent in the lot's chat, for Up/Down.
    public internal(set) var chatHistory = InputHistory()
    /// The report reason being typed after `!`, if any.
    public internal(set) var reportPrompt: ReportPrompt?
    /// The buy asked about after `u`, if any.
    public internal(set) var buyQuestion: BuyQuestion?
    /// The panes as painted.
    var paneScreen: PaneScreen?

    /// A model over loaded pages (`pageable`) or a fixed list of products (one page, not pageable).
    public init(pages: [[Product]], pageable: Bool, reachedEnd: Bool, interactive: Bool, json: Bool = false,
                size: TerminalSize = .fallback, color: Bool = false, title: String = "auction watch", hint: String? = nil,
                clock: TimeOfDay = .utc) {
        self.interactive = interactive && !json
        self.json = json
        self.pageable = pageable
        self.reachedEnd = reachedEnd || !pageable
        self.size = size
        self.color = color
        self.title = title
        self.hint = hint
        self.clock = clock
        board = PriceBoard(products: pages.flatMap { $0 })
        pageRanges = WatchModel.ranges(of: pages)
    }

    /// The products the screen pages over: every loaded row, in order.
    public var visibleProducts: [Product] { board.rows }

    /// The loaded page that holds the first line shown, from 0.
    public var currentPage: Int { pageRanges.firstIndex { $0.contains(firstVisible) } ?? max(0, pageRanges.count - 1) }

    /// Applies an event; returns what to do, in order.
    public mutating func handle(_ event: WatchEvent, now: Timestamp) -> [WatchEffect] {
        var effects: [WatchEffect] = []
        if !interactive && !printedSnapshot {
            // The snapshot first, then the changes: a JSON object, or one line per lot.
            printedSnapshot = true
            effects.append(.write(json ? WatchJSON.snapshot(board.rows, at: now) : snapshotLines(at: now)))
        }
        effects += handleEvent(event, now: now)
        return effects.contains(.quit) ? effects : effects + followSelection(now: now) + fillScreen()
    }

    private mutating func handleEvent(_ event: WatchEvent, now: Timestamp) -> [WatchEffect] {
        switch event {
        case .feed(.price(let update)):
            if reloadsPending > 0 { pushedDuringReload.append(update) }
            guard closings[update.productID] == nil, let index = board.apply(update) else { return [] }
            lastUpdateAt = now
            if let open = prompt, open.productID == update.productID {
                let product = board.rows[index]
                prompt = open.updating(minimum: product.nextMinimum)
            }
            return interactive ? paneLotMoved(update.productID) + render(now) : [printed(board.rows[index], closed: false, at: now)]
        case .feed(.closed(let id, let price, let winner, let status)):
            closings[id] = (price, winner, status)
            guard let index = board.close(id, finalPrice: price, winner: winner, status: status) else { return [] }
            return interactive ? render(now) : [printed(board.rows[index], closed: true, at: now)]
        case .feed(.connection(let state)):
            return connectionChanged(to: state, now: now) + render(now)
        case .feed(.endTime(let id, let endsAt, let extensions)):
            return endTimePushed(id, endsAt: endsAt, extensions: extensions, now: now)
        case .feed(.notification(let notice)):
            return notified(notice, now: now)
        case .feed(.catalogue(let change)):
            return catalogueChanged(change, now: now)
        case .feed(.standing(let change)):
            return standingChanged(change, now: now)
        case .notifyCommandFinished(let result):
            return notifyCommandFinished(result, now: now)
        case .key(let key):
            fillHeld = false
            return pressed(key, now: now)
        case .resized(let newSize):
            fillHeld = false
            size = newSize
            keepSelectionShown()
            pane?.drawn = nil
            return render(now)
        case .tick:
            return checkNotifyDeadline(now: now) + render(now)
        case .pageLoaded(let index, let page):
            return pageLoaded(index, page, now: now)
        case .reloaded(let pages):
            return reloaded(pages, now: now)
        case .loadFailed(let reason):
            pendingPage = nil
            pendingTop = nil
            fillHeld = true
            guard interactive else { return [.notice(reason)] }
            message = reason
            return render(now)
        case .reloadFailed(let reason):
            finishReload()
            return interactive ? [] : [.notice(reason)]
        case .standings(let known):
            standings.merge(known) { _, new in new }
            return render(now)
        case .standingsRead(let all):
            standings = all
            return render(now)
        case .bidAnswered(let text):
            message = text
            // A failure to reach the server is no longer true once connected again: cleared then.
            messageEndsOnConnect = text.hasPrefix(WatchSession.failurePrefix)
            return render(now)
        case .queried(let query, let pages):
            return queried(query, pages, now: now)
        case .queryPageLoaded(let index, let query, let page):
            return queryPageLoaded(index, query, page, now: now)
        case .queryReloaded(let query, let pages):
            return queryReloaded(query, pages, now: now)
        case .queryFailed(let reason):
            return queryFailed(reason, now: now)
        case .lotLoaded, .lotLoadFailed, .bidHistoryLoaded, .pictureLoaded, .lotChat, .lotRoomJoined, .lotChatNotice,
             .watchlistRead, .watchlistAnswered:
            return paneEvent(event, now: now)
        }
    }

    mutating func pageLoaded(_ index: Int, _ page: ProductPage?, now: Timestamp) -> [WatchEffect] {
        pendingPage = nil
        guard index == pageRanges.count else { return [] }
        guard let page, !page.products.isEmpty else {
            reachedEnd = true
            settlePendingMove()
            return render(now)
        }
        if let counted = page.total { total = counted }
        let start = board.rows.count
        board.replace(with: board.rows + page.products)
        pageRanges.append(start..<board.rows.count)
        if page.products.count < ProductPage.size { reachedEnd = true }
        settlePendingMove()
        return [.announcePages(pageRanges.count)] + render(now)
    }

    mutating func startReload() -> WatchEffect {
        reloadsPending += 1
        return .reload
    }

    mutating func finishReload() {
        reloadsPending = max(0, reloadsPending - 1)
        if reloadsPending == 0 { pushedDuringReload = [] }
    }

    mutating func reloaded(_ pages: [[Product]], now: Timestamp) -> [WatchEffect] {
        let before = Dictionary(board.rows.map { ($0.id, $0.currentPrice) }, uniquingKeysWith: { first, _ in first })
        var fresh = PriceBoard(products: pages.flatMap { $0 })
        for update in pushedDuringReload where closings[update.productID] == nil { _ = fresh.apply(update) }
        for (id, closing) in closings { _ = fresh.close(id, finalPrice: closing.price, winner: closing.winner, status: closing.status) }
        board.replace(with: fresh.rows)
        reapplyExtensions()
        finishReload()
        if reloadsPending == 0 && !lostConnection && connection == .connected { staleSince = nil }
        pageRanges = WatchModel.ranges(of: pages)
        keepSelectionShown()
        guard interactive else {
            let changed = board.rows.filter { product in
                before[product.id].map { $0 != product.currentPrice } ?? false
            }
            guard !changed.isEmpty else { return [] }
            lastUpdateAt = now
            return changed.map { printed($0, closed: false, at: now) }
        }
        return render(now)
    }

    /// Keeps the selection within the rows shown, scrolling as little as possible.
    mutating func keepSelectionShown() {
        let count = visibleProducts.count
        selected = max(0, min(selected, count - 1))
        let capacity = screenCapacity
        if selected < firstVisible { firstVisible = selected }
        if selected >= firstVisible + capacity { firstVisible = selected - capacity + 1 }
        firstVisible = max(0, min(firstVisible, count - capacity))
    }

    /// The state the screen should show now.
    public var state: WatchState {
        var state = WatchState(products: visibleProducts, total: total, morePages: !reachedEnd, connection: connection,
                               updatesReceived: board.updatesApplied, lastUpdateAt: lastUpdateAt, size: size, color: color, title: title)
        state.selected = selected
        state.firstVisible = firstVisible
        state.prompt = prompt
        state.message = message
        state.showsHelp = showsHelp
        state.helpOffset = helpOffset
        state.reconnectAt = reconnectAt
        state.staleSince = staleSince
        state.hint = hint
        state.clock = clock
        state.filterPrompt = filterPrompt
        state.standings = standings.filter { $0.value == .leading || $0.value == .outbid }
        state.querySummary = QuerySummary.text(requestedQuery ?? query)
        state.reportPrompt = reportPrompt
        state.buyQuestion = buyQuestion
        let layout = appLayout
        state.size = layout.table
        state.clearsToEnd = layout.separatorColumn == nil
        state.paneHint = layout.dropsDetail ? "too small for the detail pane" : pane == nil ? "Enter detail" : nil
        return state
    }

    /// The bytes that bring the screen up to date (nothing when not full-screen or nothing changed).
    mutating func render(_ now: Timestamp) -> [WatchEffect] {
        guard interactive else { return [] }
        let state = self.state
        let (bytes, painted) = screen.map { WatchRenderer.render(previous: $0, state: state, now: now) }
            ?? WatchRenderer.fullPaint(state: state, now: now)
        screen = painted
        let panes = paneBytes(now: now, tableBytes: bytes.count, tableRepainted: painted.wasFullPaint)
        let all = panes.isEmpty ? bytes : bytes + Array(panes.utf8)
        return all.isEmpty ? [] : [.write(all)]
    }

    /// A change printed when not full-screen: a tab-separated line or a JSON object.
    func printed(_ product: Product, closed: Bool, at now: Timestamp) -> WatchEffect {
        if json { return .write(closed ? WatchJSON.closed(product, at: now) : WatchJSON.price(product, at: now)) }
        let line = closed ? WatchLine.formatClosed(product, at: now, clock: clock) : WatchLine.format(product, at: now, clock: clock)
        return .write(Array((line + "\n").utf8))
    }

    static func ranges(of pages: [[Product]]) -> [Range<Int>] {
        var start = 0
        return pages.map { page in
            defer { start += page.count }
            return start..<(start + page.count)
        }
    }
}
