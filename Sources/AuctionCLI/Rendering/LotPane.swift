import AuctionCore

/// The detail pane of `watch` as a value: the lot it shows (the selected one), what was fetched for it
/// over HTTP (its detail, bid history and pictures), which image is shown, and its chat room's lines,
/// input and focus. The figures it shows come from the live board and these fetches, never worked out here.
public struct LotPane: Hashable, Sendable {
    /// The lot shown.
    public internal(set) var productID: ProductID
    /// The lot's detail as fetched (seller, images); nil while loading.
    public internal(set) var detail: ProductDetail?
    /// The bid history, newest first, as the server lists it; nil while loading or when it has none to give.
    public internal(set) var bids: [BidHistoryEntry]?
    /// Why the detail could not be loaded, if it could not.
    public internal(set) var loadFailure: String?
    /// Which of the lot's images is shown (`[` / `]`), from 0.
    public internal(set) var imageIndex = 0
    /// The pictures fetched, by image id (decoded, or why not shown).
    public internal(set) var pictures: [Int: ProductPicture] = [:]
    /// The image ids asked for and not answered yet.
    var picturesRequested: Set<Int> = []
    /// Whether a bid history reload is on its way; `historyStale`: a price moved meanwhile, so load again after.
    var historyInFlight = false
    var historyStale = false
    /// The lot's chat room (`product-N`) once joined; nil before (or without a login or chat).
    public internal(set) var room: String?
    /// The room's lines (its history on joining, messages, presence, the lot's events inline).
    public internal(set) var chat = ChatScrollback(limit: 500)
    /// The chat input line.
    public internal(set) var editor = LineEditor()
    /// Whether keys go to the chat input (`c`) rather than the table.
    public internal(set) var chatFocused = false
    /// The picture as last drawn, kept so that a repaint does not sample the image again.
    var drawn: DrawnPicture?

    /// A pane for a lot, nothing fetched yet.
    public init(productID: ProductID) { self.productID = productID }

    /// The name of a lot's chat room.
    public static func roomName(_ id: ProductID) -> String { "product-\(id)" }

    /// The id of the image shown, if the lot has images.
    public var imageID: Int? {
        guard let ids = detail?.product.imageIDs, !ids.isEmpty else { return nil }
        return ids[min(max(0, imageIndex), ids.count - 1)]
    }
}

/// A picture drawn in half blocks for one box, kept with the box it was drawn for.
struct DrawnPicture: Hashable, Sendable {
    let imageID: Int
    let width: Int
    let height: Int
    let lines: [String]
    /// The cells the widest line takes.
    let cells: Int
}

extension DrawnPicture {
    /// The picture's lines as pane lines, at most `maximum` of them.
    func lines(maximum: Int) -> [PaneLine] {
        lines.prefix(max(0, maximum)).map { PaneLine(styled: $0, cells: cells) }
    }
}
