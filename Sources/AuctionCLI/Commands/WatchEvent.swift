import AuctionCore
import AuctionData

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
    /// The lot asked for with `.loadLot` arrived: its detail and bid history (nil: the server has none to give).
    case lotLoaded(ProductID, ProductDetail, bids: [BidHistoryEntry]?)
    /// A `.loadLot` failed; the text says why.
    case lotLoadFailed(ProductID, String)
    /// The bid history asked for with `.loadBidHistory` arrived.
    case bidHistoryLoaded(ProductID, [BidHistoryEntry]?)
    /// A picture asked for with `.loadPicture` arrived, decoded or with why it is not shown.
    case pictureLoaded(imageID: Int, ProductPicture)
    /// Something happened in a lot's chat room (a message, someone joining, the lot's event, the connection).
    case lotChat(room: String, ChatEvent)
    /// A lot's room was joined (`.chat(.join)`): who is there.
    case lotRoomJoined(room: String, members: [String])
    /// A line for the lot's chat from the client itself (a message not sent, `/who`'s answer).
    case lotChatNotice(String)
    /// The user's watchlist as the server lists it.
    case watchlistRead(Set<ProductID>)
    /// A `.setWatched` was answered: the lot is (or is not) on the watchlist now; the text says so.
    case watchlistAnswered(ProductID, watched: Bool, String)
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
    /// Load a lot's detail and bid history over HTTP, then report `.lotLoaded` (or `.lotLoadFailed`).
    case loadLot(ProductID)
    /// Load a lot's bid history again, then report `.bidHistoryLoaded`.
    case loadBidHistory(ProductID)
    /// Fetch and decode an image (through the picture cache), then report `.pictureLoaded`.
    case loadPicture(Int)
    /// Hand this request to the lot's chat room (join, leave, send, an action, who), in order.
    case chat(ChatRequest)
    /// Buy the lot now at its buy-now price (with a fresh idempotency key), then report `.bidAnswered`.
    case buyNow(ProductID)
    /// Put the lot on the watchlist (true) or take it off, then report `.watchlistAnswered` (or `.bidAnswered` on failure).
    case setWatched(ProductID, Bool)
    /// Report the lot to the moderators with this reason, then report `.bidAnswered` with the server's sentence.
    case report(ProductID, reason: String)
}
