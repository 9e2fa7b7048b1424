import AuctionCore

/// What `auction watch` wants on screen: the loaded products and the status facts.
public struct WatchState: Hashable, Sendable {
    /// Every loaded product, in display order (the screen shows `firstVisible` on, as many as fit).
    public var products: [Product]
    /// How many lots the catalogue or query holds, as the server counted them (`lots 31–60 of 1,204`); nil: not said.
    public var total: Int?
    /// Whether lots may follow the loaded ones (`lots 1–30+` without a total).
    public var morePages: Bool
    /// The socket connection's state.
    public var connection: ConnectionState
    /// Price updates received since the watch started.
    public var updatesReceived: Int
    /// When the last update arrived.
    public var lastUpdateAt: Timestamp?
    /// The terminal's size.
    public var size: TerminalSize
    /// Whether to use colour.
    public var color: Bool
    /// The first line, e.g. `auction watch · 127.0.0.1:3200`.
    public var title: String
    /// The index (in `products`) of the selected line, the one `b` bids on.
    public var selected: Int = 0
    /// The index of the first product shown: the page scrolls when the terminal is shorter than it.
    public var firstVisible: Int = 0
    /// The bid being typed (the status line becomes its prompt), if any.
    public var prompt: BidPrompt?
    /// A short message at the start of the status line (a bid's outcome), if any.
    public var message: String?
    /// Whether the key help replaces the table.
    public var showsHelp = false
    /// The first line of the help shown (it scrolls when the terminal is shorter than it).
    public var helpOffset = 0
    /// When the next reconnect attempt starts, while reconnecting (the status line counts down to it).
    public var reconnectAt: Timestamp?
    /// Since when the prices shown may be out of date (the connection dropped); nil while live.
    public var staleSince: Timestamp?
    /// A line above the status line (the demo's command to bid from another shell), if any.
    public var hint: String?
    /// The clock for times of day on screen ("stale since 16:02").
    public var clock: TimeOfDay = .utc
    /// The filter being typed after `/` (the status line becomes its prompt), if any.
    public var filterPrompt: FilterPrompt?
    /// The lots the user leads or is outbid on, marked beside their id (`★` leading, `!` outbid).
    public var standings: [ProductID: MyBidStatus] = [:]
    /// The report reason being typed after `!` (the status line becomes its prompt), if any.
    public var reportPrompt: ReportPrompt?
    /// The buy asked about after `u` (the status line asks it), if any.
    public var buyQuestion: BuyQuestion?
    /// Whether lines may be cleared to the end of the terminal's line: false when a pane sits to the right
    /// of the table, which then pads its lines instead.
    public var clearsToEnd = true
    /// A hint for the line under the table (`Enter detail`), or why the detail pane is not shown.
    public var paneHint: String?
    /// The active query's filter and sort for the status line (`"lamp" · sort price`); nil for the plain catalogue.
    public var querySummary: String?

    /// Creates a state.
    public init(products: [Product], total: Int? = nil, morePages: Bool = false,
                connection: ConnectionState = .connecting,
                updatesReceived: Int = 0, lastUpdateAt: Timestamp? = nil, size: TerminalSize = .fallback,
                color: Bool = true, title: String = "auction watch") {
        self.products = products
        self.total = total
        self.morePages = morePages
        self.connection = connection
        self.updatesReceived = updatesReceived
        self.lastUpdateAt = lastUpdateAt
        self.size = size
        self.color = color
        self.title = title
    }
}

/// What is on the terminal after a render: pass it back to the next `WatchRenderer.render` call.
public struct WatchScreen: Hashable, Sendable {
    /// A price flash in progress: the digits from `firstChangedIndex` are coloured until `until`.
    public struct Flash: Hashable, Sendable {
        /// Up or down (green or red).
        public var direction: PriceDirection
        /// When the flash fades.
        public var until: Timestamp
        /// The index in the price cell of the first changed character.
        public var firstChangedIndex: Int
    }

    /// The state as painted.
    public internal(set) var state: WatchState
    /// The columns used.
    public internal(set) var columns: ProductColumns
    /// Flashes in progress, by product.
    public internal(set) var flashes: [ProductID: Flash]
    /// The status line as painted.
    public internal(set) var statusText: String
    /// The line about the selected product as painted.
    public internal(set) var detailText: String = ""
    /// The width of the time-left column as painted (0: not shown).
    public internal(set) var timeLeftWidth = 0
    /// The time-left cells as painted, by product.
    public internal(set) var timeLeft: [ProductID: String] = [:]
    /// When the status line was last painted.
    public internal(set) var statusPaintedAt: Timestamp
    /// Whether the last render cleared the screen and painted it all (the panes beside it are painted again then).
    public internal(set) var wasFullPaint = false

    /// When the caller should render again even if nothing changes: the next fade or status refresh.
    public var nextDeadline: Timestamp {
        let tick = statusPaintedAt.adding(milliseconds: WatchRenderer.statusRefreshMilliseconds)
        return flashes.values.map(\.until).min().map { min($0, tick) } ?? tick
    }

    /// The 1-based terminal row of the product at a display index (counted from the first shown).
    static func row(ofIndex index: Int) -> Int { index + WatchRenderer.firstProductRow }
}
