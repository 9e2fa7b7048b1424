import AuctionCore

/// Something that happened to `auction watch`: the one input of `WatchModel.handle`.
public enum WatchEvent: Hashable, Sendable {
    /// A price push, an ended auction or a connection change from the price feed.
    case feed(FeedEvent)
    /// A key was pressed.
    case key(Key)
    /// The terminal changed size.
    case resized(TerminalSize)
    /// Time passed (fades, the time left, the status line's clock and countdown).
    case tick
    /// A page requested with `.loadPage` arrived (nil: past the end of the catalogue).
    case pageLoaded(index: Int, ProductPage?)
    /// The products requested with `.reload` arrived, in display order, by page.
    case reloaded([[Product]])
    /// A page load failed; the text says why.
    case loadFailed(String)
    /// A reload failed; the text says why (the board keeps its prices).
    case reloadFailed(String)
    /// A bid asked for with `.placeBid` was answered (or failed); the text says how, for the status line.
    case bidAnswered(String)
    /// Where the user stands on lots (their bids at the start, a bid accepted in the watch): leading or outbid.
    case standings([ProductID: MyBidStatus])
    /// The user's standings as the server lists them now (at the start and on `r`): they replace every one shown.
    case standingsRead([ProductID: MyBidStatus])
    /// The notify command asked for with `.runNotifyCommand` ended (or could not start).
    case notifyCommandFinished(NotifyCommandResult)
    /// The first page(s) of a query asked for with `.requery` arrived.
    case queried(CatalogueQuery, [CatalogueQueryPage])
    /// A query page asked for with `.loadQueryPage` arrived.
    case queryPageLoaded(index: Int, CatalogueQuery, CatalogueQueryPage)
    /// A query's pages reloaded (`.reload` while a query is shown) arrived.
    case queryReloaded(CatalogueQuery, [CatalogueQueryPage])
    /// A `.requery` failed; the text says why (the shown query stays).
    case queryFailed(String)
}

/// What `WatchModel.handle` asks the I/O shell to do, in order.
public enum WatchEffect: Hashable, Sendable {
    /// Write these bytes to the terminal (or standard output).
    case write([UInt8])
    /// Tell the user something on standard error (only when not full-screen).
    case notice(String)
    /// Load this zero-based catalogue page over HTTP, then report `.pageLoaded`.
    case loadPage(Int)
    /// Tell the server that this many pages are loaded (the list state), now and after reconnects.
    case announcePages(Int)
    /// Load again everything shown, then report `.reloaded`.
    case reload
    /// Place this bid (with the saved login), then report `.bidAnswered`.
    case placeBid(Bid)
    /// Skip the wait before the next reconnect attempt.
    case reconnectNow
    /// Stop watching.
    case quit
    /// Run the notify command with this notification as JSON on its standard input, then report `.notifyCommandFinished`.
    case runNotifyCommand(AuctionNotification)
    /// Kill the running notify command (it ran too long).
    case stopNotifyCommand
    /// Load the query's page after `cursor` (as page `index`, zero-based), then report `.queryPageLoaded`.
    case loadQueryPage(index: Int, CatalogueQuery, cursor: String)
    /// Load the first page of this query (the plain catalogue's first page when plain), then report `.queried`.
    case requery(CatalogueQuery)
    /// Tell the server the list state is this query's first `pages` pages (request 13; list state when plain).
    case announceQuery(CatalogueQuery, pages: Int)
}
