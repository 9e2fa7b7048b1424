import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction watch [--pages N] [--ids 1,5,9] [--json]`: loads the pages (or products) over HTTP, tells
/// the server the list state (or subscribes), and shows live prices: a full-screen table on a
/// terminal that can address the cursor, one line (or JSON object) per change otherwise.
public struct WatchCommand: ParsableCommand {
    /// `watch`.
    public static let name = "watch"
    /// What `watch` does, for help.
    public static let summary = "show live prices as bids arrive"
    /// `watch`'s help page.
    public static let discussion = """
        The table fills the terminal; the title says where it is (`lots 31–60 of 1,204`, the
        server's count). Keys: q quit, ↑/↓ (k/j) select, b bid on the selected line, n/p (Page
        Down/Up) next/previous screen, g/G first/last screen, r reload (reconnect now while
        disconnected), ? keys (↑/↓ scroll them). Enter (or →) opens the selected lot's detail
        pane (price, next bid, your standing, time left, reserve, buy-now, bids, pictures: [ ]) and
        its chat room (c types there, Esc back); Esc closes it. From any pane: B proxy bid (asks
        the maximum), u buy now, w watchlist on/off, ! report. `auction` alone on a terminal opens
        this. When output is not a terminal
        (or TERM is dumb; q still quits there), prints one tab-separated line per lot first, then
        one per change: time, id, name, price, change (an ended auction: final price, then the
        server's status: `SOLD · a…e`, the winner shortened, `BOUGHT · a…e` or `UNSOLD`). ★ marks lots you lead, ! outbid.
        Notifications (outbid, ending soon, won, lost) show in the status line and ring the bell
        once each; an auction extended by soft close counts down to its new end, marked `+N×`.
        --search, --sort and the filters (as `list`) watch the query's pages, and pushes follow
        them; / types a filter (Enter applies, Esc cancels, empty clears), s cycles the sort
        (id, ending, price, new, change, bids); the status line shows both.
        """
    /// How many pages to load at the start.
    @Option("pages", range: 1...1_000, valueName: "N", help: "load the first N pages (default 1)")
    public var pages = 1
    /// The products to watch instead of pages.
    @Option(list: "ids", valueName: "ID,ID,...", help: "watch these products instead (e.g. 1,5,9)")
    public var ids: [ProductID]?
    /// The first line of the full-screen table; nil for `auction watch · <socket>`.
    public var title: String?
    /// Print JSON objects (a snapshot first, then one per change) instead of the table or lines.
    @Flag("json", help: "print one JSON object per line: a snapshot, then each change")
    public var json: Bool
    /// A line above the status line (the demo's command to bid from another shell), if any.
    public var hint: String?
    /// `--no-bell`: notifications do not ring the terminal bell.
    @Flag("no-bell", help: "do not ring the terminal bell for notifications")
    public var noBell: Bool
    /// `--notify-command CMD` as given (`notifyCommand` is its argv).
    @Option(text: "notify-command", valueName: "CMD",
            help: "run CMD (split into words, no shell) per notification, its JSON on stdin; killed after 5 s")
    public var notifyCommandText: String?
    /// Watch the products on the user's watchlist (`--watchlist`) instead of pages.
    @Flag("watchlist", help: "watch the products on your watchlist (see `auction watchlist`)")
    public var watchlist: Bool
    /// `--search`, `--sort` and the filters, as given.
    public var discovery = DiscoveryOptions()
    /// `--notify-command`'s argv, run per notification.
    public var notifyCommand: [String]?
    /// The discovery query whose pages are watched (plain: the catalogue's pages).
    public var query = CatalogueQuery()

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Refuses options that do not go together; reads `--notify-command` and the query.
    public mutating func validate() throws(CommandError) {
        if $pages.wasGiven && $ids.wasGiven {
            throw .usage(Self.name, "`--pages` and `--ids` cannot be used together")
        }
        if watchlist && ($pages.wasGiven || $ids.wasGiven) {
            throw .usage(Self.name, "`--watchlist` cannot be used with `--pages` or `--ids`")
        }
        notifyCommand = try Self.notifyArguments(notifyCommandText)
        query = try discovery.query(command: Self.name)
        if !query.isPlain && (ids != nil || watchlist) {
            throw .usage(Self.name, "--search, --sort and the filters cannot be used with `--ids` or `--watchlist`")
        }
    }

    /// Watches the first `pages` pages, or the given ids.
    public init(pages: Int = 1, ids: [ProductID]? = nil, title: String? = nil, hint: String? = nil) {
        self.pages = pages
        self.ids = ids
        self.title = title
        self.hint = hint
    }

    /// Whether the terminal can take the full-screen table: cursor addressing needs a `TERM` that is set
    /// and not `dumb` (else `watch` prints lines, as when piped).
    public static func addressesCursor(environment: [String: String]) -> Bool {
        guard let term = environment["TERM"], !term.isEmpty else { return false }
        return term != "dumb"
    }

    /// Loads, connects and watches until `q` (or, when not full-screen, until interrupted).
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let console = context.console
        let interactive = console.outputIsTerminal && console.inputIsTerminal && !json
            && Self.addressesCursor(environment: context.environment)
        let title = self.title ?? "auction watch · \(context.configuration.socket)"
        let pages = self.pages, json = self.json, hint = self.hint, query = self.query
        let ids = watchlist ? try await Self.watchlistIDs(context) : self.ids
        // Bids typed in the watch go with the saved login, like `auction bid`; notifications (push 8) reach
        // only a logged-in connection, so piped and JSON watches log in too.
        let login = (try? await SavedLoginLookup.load(context)) ?? nil
        try await context.withCatalogue { (catalogue) throws(CommandError) -> Void in
            let initial: [[Product]]
            let reachedEnd: Bool
            var cursor: String?
            var total: Int?
            do throws(AuctionError) {
                if !query.isPlain {
                    let loaded = try await LoadQueryPages(queries: catalogue).first(pages, of: query)
                    initial = loaded.map(\.products)
                    cursor = loaded.last?.nextCursor
                    total = loaded.first?.total
                    reachedEnd = cursor == nil
                } else if let ids {
                    initial = [try await WatchSession.products(ids, from: catalogue)]
                    reachedEnd = true
                } else {
                    let loaded = try await LoadCatalogue(products: catalogue).pages(from: 0, count: pages)
                    initial = loaded.map(\.products)
                    total = loaded.last?.total
                    reachedEnd = loaded.count < pages || (loaded.last?.products.count ?? 0) < ProductPage.size
                }
            } catch {
                throw query.isPlain ? .auction(error) : context.queryFailure(error)
            }
            let client = try context.socketClient(reconnects: true)
            defer { client.close() }
            let session = context.socketSession()
            session.token = login?.token
            if let ids { session.subscribe(ids) } else { session.loadedPages = initial.count }
            if !query.isPlain { session.query = query }
            session.install(on: client)
            let feed = SocketPriceFeed(client: client, session: session)
            let (lots, http) = try Self.lotServices(context, login: login, client: client, session: session)
            defer { http.shutdown() }
            let watch = WatchSession(catalogue: catalogue, feed: feed, socketSession: session, ids: ids,
                                     output: console.output, errors: console.errors,
                                     bids: SocketBidRepository(client: client, userID: login?.userID),
                                     reconnectNow: { client.reconnectNow() }, notifyCommand: notifyRunner(interactive: interactive),
                                     standings: login != nil && !json ? Self.standingsReader(context) : nil, lots: lots)
            client.start()
            if ids != nil { try await Self.requireSubscriptions(context, session: session, client: client) }
            var model = WatchModel(pages: initial, pageable: ids == nil, reachedEnd: reachedEnd, interactive: interactive, json: json,
                                   size: console.size ?? .fallback, color: console.color && interactive, title: title, hint: hint,
                                   clock: context.clock)
            model.total = total
            model.viewer = login?.name
            model.colorDepth = console.colorDepth
            if context.configuration.dialect == .original {
                model.chatUnavailable = "the server speaks the original protocol, which has no chat"
            } else if login != nil {
                model.chatUnavailable = nil
            }
            model.alerts = alerts(outputIsTerminal: console.outputIsTerminal)
            model.showQuery(query, cursor: cursor)
            let (inputs, continuation) = AsyncStream.makeStream(of: WatchEvent.self)
            var input: TerminalInput?
            // Keys work wherever the terminal can be raw: on a `TERM=dumb` terminal the lines are printed
            // as when piped, and `q` (or Ctrl-C) still quits.
            let keyed = interactive || (console.inputIsTerminal && console.outputIsTerminal && !json)
            if keyed {
                input = try TerminalInput(output: console.output, fullScreen: interactive)
                input?.start { event in
                    switch event {
                    case .keys(let pressed): for key in pressed { continuation.yield(.key(key)) }
                    case .resized(let size): continuation.yield(.resized(size))
                    }
                }
            }
            // Ctrl-C (when not in raw mode), `kill` and a hang-up stop the watch cleanly; installed after
            // raw mode so these handlers win over the terminal's restore-and-die ones.
            let signals = SignalInput { _ in continuation.yield(.key(.interrupt)) }
            await watch.run(model, inputs: inputs)
            continuation.finish()
            input?.stop()
            signals.stop()
        }
        return .success
    }
}
