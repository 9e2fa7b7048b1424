import AuctionCore

/// The lot keys of `watch`, the same from the table and the detail pane: `B` proxy bid, `u` buy now,
/// `w` watchlist, `!` report; and the keys of the lot's chat input once `c` focused it.
extension WatchModel {
    /// `B`, `u`, `w` or `!` on the selected lot.
    mutating func lotAction(_ action: WatchAction, now: Timestamp) -> [WatchEffect] {
        guard let product = selectedProduct else { return render(now) }
        switch action {
        case .proxyBid:
            if product.isClosed {
                message = "the auction of \(product.id) has ended"
            } else {
                prompt = BidPrompt(productID: product.id, name: product.name, minimum: product.nextMinimum, isMaximum: true)
            }
        case .buyNow:
            // The server's buy-now price, offered while it states one (it stops once bidding began).
            if let price = product.buyNowPrice, !product.isClosed {
                buyQuestion = BuyQuestion(productID: product.id, name: product.name, price: price)
            } else {
                message = "product \(product.id) cannot be bought now: it has no buy-now price"
            }
        case .toggleWatchlist:
            guard viewer != nil else {
                message = "the watchlist needs a login: quit and run `auction login <name>`"
                return render(now)
            }
            let watched = watchlist?.contains(product.id) ?? false
            message = watched ? "taking \(product.id) off your watchlist…" : "putting \(product.id) on your watchlist…"
            return [.setWatched(product.id, !watched)] + render(now)
        default:
            reportPrompt = ReportPrompt(productID: product.id)
        }
        return render(now)
    }

    /// A key while the report reason is typed: Enter sends it (not an empty one), Esc cancels.
    mutating func typedReason(_ key: Key, now: Timestamp) -> [WatchEffect] {
        guard var editing = reportPrompt else { return [] }
        switch key {
        case .escape:
            reportPrompt = nil
            message = "report not sent"
        case .enter:
            let reason = editing.text.trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                message = "type why the lot should be looked at"
                return render(now)
            }
            reportPrompt = nil
            message = "reporting \(editing.productID)…"
            return [.report(editing.productID, reason: reason)] + render(now)
        default:
            guard editing.type(key) else { return [] }
            reportPrompt = editing
        }
        return render(now)
    }

    /// The answer to the buy question: `y` buys, any other key does not.
    mutating func answeredBuy(_ key: Key, now: Timestamp) -> [WatchEffect] {
        guard let question = buyQuestion else { return [] }
        buyQuestion = nil
        guard key == .character("y") || key == .character("Y") else {
            message = "nothing bought"
            return render(now)
        }
        message = "buying \(question.productID) for \(question.price)…"
        return [.buyNow(question.productID)] + render(now)
    }

    /// `c`: the lot's chat input takes the keys (the pane opens first when closed).
    mutating func focusChat(now: Timestamp) -> [WatchEffect] {
        var effects: [WatchEffect] = []
        if pane == nil { effects = openPane(now: now) }
        if let reason = chatUnavailable {
            message = reason
        } else if appLayout.chat == nil {
            message = "too small for the chat pane"
        } else {
            pane?.chatFocused = true
        }
        return effects + render(now)
    }

    /// A key in the lot's chat input: Esc returns to the table; Up/Down recall, PgUp/PgDn scroll, the
    /// rest edits the line; Enter sends it (or runs its slash command) in the lot's room.
    mutating func chatKey(_ key: Key, now: Timestamp) -> [WatchEffect] {
        guard var open = pane else { return [] }
        let width = max(1, appLayout.chat?.width ?? size.columns)
        let page = max(1, (appLayout.chat?.height ?? 4) - 3)
        switch key {
        case .escape:
            open.chatFocused = false
        case .up:
            if let line = chatHistory.older(than: open.editor.text) { open.editor.replace(with: line) }
        case .down:
            if let line = chatHistory.newer() { open.editor.replace(with: line) }
        case .pageUp:
            let all = ChatRenderer.screenLines(open.chat.entries, width: width, clock: clock, style: chatStyle)
            open.chat.pageUp(page: page, totalLines: all.count)
        case .pageDown:
            open.chat.pageDown(page: page)
        case .end:
            open.chat.toBottom()
        default:
            switch open.editor.handle(key) {
            case .submit(let line):
                chatHistory.record(line)
                pane = open
                return submittedChat(line, now: now)
            case .edited, .ignored, .interrupt, .endOfInput:
                break
            }
        }
        pane = open
        return render(now)
    }

    /// A line sent from the lot's chat input: a message, `/me`, `/who`; `/part` returns to the table.
    private mutating func submittedChat(_ line: String, now: Timestamp) -> [WatchEffect] {
        switch ChatCommand(line: line) {
        case .send(let text): return [.chat(.send(text))] + render(now)
        case .action(let text): return [.chat(.action(text))] + render(now)
        case .who: return [.chat(.who)] + render(now)
        case .part:
            pane?.chatFocused = false
            return render(now)
        case .quit: return [.quit]
        case .join: return chatNotice("the pane's room follows the selected lot; `auction chat ROOM` joins another", now: now)
        case .help: return chatNotice(ChatCommand.helpText, now: now)
        case .usage(let text): return chatNotice(text, now: now)
        case .unknown(let name): return chatNotice(ChatCommand.unknownText(name), now: now)
        case .nothing: return render(now)
        }
    }
}
