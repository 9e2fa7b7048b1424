import AuctionCore
import AuctionData

/// The detail pane in `watch` (Enter or →): it follows the selected lot, asks the shell to fetch the
/// lot's detail, bid history and pictures over HTTP and to join its chat room, and takes their answers.
extension WatchModel {
    /// The selected lot, if any.
    var selectedProduct: Product? {
        let products = visibleProducts
        return products.indices.contains(selected) ? products[selected] : nil
    }

    /// Whether the lot's chat can be offered (a login, and a server with chat).
    var offersChat: Bool { chatUnavailable == nil }

    /// Where the table and panes go now (the help hides the panes while it is open).
    var appLayout: AppLayout {
        AppLayout(size: size, detailOpen: pane != nil && !showsHelp, chat: true)
    }

    /// The table's region: the whole terminal, or what the panes leave it.
    var tableSize: TerminalSize { appLayout.table }

    /// An answer for the pane (a fetch, the lot's room, the watchlist).
    mutating func paneEvent(_ event: WatchEvent, now: Timestamp) -> [WatchEffect] {
        switch event {
        case .lotLoaded(let id, let detail, let bids):
            return lotLoaded(id, detail, bids: bids, now: now)
        case .lotLoadFailed(let id, let reason):
            return lotLoadFailed(id, reason, now: now)
        case .bidHistoryLoaded(let id, let bids):
            return bidHistoryLoaded(id, bids, now: now)
        case .pictureLoaded(let imageID, let picture):
            return pictureLoaded(imageID, picture, now: now)
        case .lotChat(let room, let chatEvent):
            return lotChatEvent(room: room, chatEvent, now: now)
        case .lotRoomJoined(let room, let members):
            return lotRoomJoined(room: room, members: members, now: now)
        case .lotChatNotice(let text):
            return chatNotice(text, now: now)
        case .watchlistRead(let ids):
            watchlist = ids
            return render(now)
        case .watchlistAnswered(let id, let watched, let text):
            if watched { watchlist = (watchlist ?? []).union([id]) } else { watchlist?.remove(id) }
            message = text
            return render(now)
        default:
            return []
        }
    }

    /// Opens the pane for the selected lot (its fetches and room with it).
    mutating func openPane(now: Timestamp) -> [WatchEffect] {
        guard let product = selectedProduct else { return render(now) }
        screen = nil
        return retargetPane(to: product.id) + render(now)
    }

    /// Closes the pane (and leaves its room); the table takes the whole terminal again.
    mutating func closePane(now: Timestamp) -> [WatchEffect] {
        guard let open = pane else { return render(now) }
        pane = nil
        screen = nil
        paneScreen = nil
        return (open.room != nil ? [.chat(.leave)] : []) + render(now)
    }

    /// A pane for another lot: fetch it, and move to its room.
    mutating func retargetPane(to id: ProductID) -> [WatchEffect] {
        var fresh = LotPane(productID: id)
        fresh.historyInFlight = true
        pane = fresh
        return [.loadLot(id)] + (offersChat ? [.chat(.join(LotPane.roomName(id)))] : [])
    }

    /// After any event: the open pane follows the selection.
    mutating func followSelection(now: Timestamp) -> [WatchEffect] {
        guard interactive, let open = pane, let product = selectedProduct, product.id != open.productID else { return [] }
        return retargetPane(to: product.id) + render(now)
    }

    /// The lot's detail and history arrived: the first image is asked for (when drawn at all).
    mutating func lotLoaded(_ id: ProductID, _ detail: ProductDetail, bids: [BidHistoryEntry]?, now: Timestamp) -> [WatchEffect] {
        guard var open = pane, open.productID == id else { return [] }
        open.detail = detail
        open.bids = bids
        open.loadFailure = nil
        open.historyInFlight = false
        pane = open
        return requestPicture() + historyIfStale() + render(now)
    }

    /// The lot could not be loaded: the pane says why.
    mutating func lotLoadFailed(_ id: ProductID, _ reason: String, now: Timestamp) -> [WatchEffect] {
        guard pane?.productID == id else { return [] }
        pane?.loadFailure = reason
        pane?.historyInFlight = false
        return render(now)
    }

    /// A fresh bid history (after the lot's price moved).
    mutating func bidHistoryLoaded(_ id: ProductID, _ bids: [BidHistoryEntry]?, now: Timestamp) -> [WatchEffect] {
        guard pane?.productID == id else { return [] }
        pane?.bids = bids
        pane?.historyInFlight = false
        return historyIfStale() + render(now)
    }

    /// A price push for the pane's lot: its history is read again (one read at a time, one more after if pushes came meanwhile).
    mutating func paneLotMoved(_ id: ProductID) -> [WatchEffect] {
        guard var open = pane, open.productID == id, open.detail != nil else { return [] }
        if open.historyInFlight {
            open.historyStale = true
            pane = open
            return []
        }
        open.historyInFlight = true
        pane = open
        return [.loadBidHistory(id)]
    }

    private mutating func historyIfStale() -> [WatchEffect] {
        guard var open = pane, open.historyStale, !open.historyInFlight else { return [] }
        open.historyStale = false
        open.historyInFlight = true
        pane = open
        return [.loadBidHistory(open.productID)]
    }

    /// A picture arrived (decoded, or why not).
    mutating func pictureLoaded(_ imageID: Int, _ picture: ProductPicture, now: Timestamp) -> [WatchEffect] {
        guard pane?.picturesRequested.contains(imageID) == true else { return [] }
        pane?.picturesRequested.remove(imageID)
        pane?.pictures[imageID] = picture
        return render(now)
    }

    /// `[` / `]`: the previous or next image, fetched when first shown.
    mutating func cycleImage(by step: Int, now: Timestamp) -> [WatchEffect] {
        guard var open = pane, let count = open.detail?.product.imageIDs.count, count > 1 else { return render(now) }
        open.imageIndex = ((open.imageIndex + step) % count + count) % count
        pane = open
        return requestPicture() + render(now)
    }

    /// The shown image's fetch, unless it is fetched, on its way, or not drawn (no colour).
    private mutating func requestPicture() -> [WatchEffect] {
        guard color, let open = pane, let id = open.imageID, open.pictures[id] == nil, !open.picturesRequested.contains(id) else { return [] }
        pane?.picturesRequested.insert(id)
        return [.loadPicture(id)]
    }

    /// An event of a lot's room: shown when it is the pane's room.
    mutating func lotChatEvent(room: String, _ event: ChatEvent, now: Timestamp) -> [WatchEffect] {
        guard var open = pane, LotPane.roomName(open.productID) == room else { return [] }
        let entry: ChatEntry
        if let shown = ChatEntry(event) {
            entry = shown
        } else if case .connection(.reconnecting) = event {
            entry = .notice("connection lost; reconnecting…")
        } else {
            return []
        }
        open.chat.append(entry, lines: ChatRenderer.lines(entry, width: max(1, appLayout.chat?.width ?? size.columns), clock: clock,
                                                         style: chatStyle).count)
        pane = open
        return render(now)
    }

    /// The lot's room was joined: who is there.
    mutating func lotRoomJoined(room: String, members: [String], now: Timestamp) -> [WatchEffect] {
        // Closed while the join was on its way: the room is left again (another lot's join leaves it by itself).
        guard let open = pane else { return [.chat(.leave)] }
        guard LotPane.roomName(open.productID) == room else { return [] }
        pane?.room = room
        return chatNotice("joined \(room) · here: " + members.joined(separator: ", "), now: now)
    }

    /// A line from the client in the pane's chat (a refusal, `/who`'s answer).
    mutating func chatNotice(_ text: String, now: Timestamp) -> [WatchEffect] {
        guard pane != nil else { return [] }
        let entry = ChatEntry.notice(text)
        let lines = ChatRenderer.lines(entry, width: max(1, appLayout.chat?.width ?? size.columns), clock: clock, style: chatStyle).count
        pane?.chat.append(entry, lines: lines)
        return render(now)
    }

    /// How the pane's chat dresses its lines.
    var chatStyle: ChatStyle { ChatStyle(color: color, ownName: viewer, emphasis: true) }
}
