import AuctionCore

/// Keys in `watch`: screens (`WatchModel+Paging`), the selection, the bid prompt, the help, reload and reconnect.
extension WatchModel {
    /// Applies a key press.
    mutating func pressed(_ key: Key, now: Timestamp) -> [WatchEffect] {
        if key == .interrupt || key == .endOfInput { return [.quit] }
        // Printing lines (a `TERM=dumb` terminal): only quitting and reloading mean anything.
        if !interactive && WatchAction(key: key) != .quit && WatchAction(key: key) != .reload { return [] }
        if showsHelp { return helpKey(key, now: now) }
        if pane?.chatFocused == true { return chatKey(key, now: now) }
        if prompt != nil { return typed(key, now: now) }
        if reportPrompt != nil { return typedReason(key, now: now) }
        if buyQuestion != nil { return answeredBuy(key, now: now) }
        if filterPrompt != nil { return typedFilter(key, now: now) }
        message = nil
        switch WatchAction(key: key) {
        case .quit:
            return [.quit]
        case .nextPage, .previousPage, .firstPage, .lastPage:
            return page(WatchAction(key: key) ?? .nextPage, now: now)
        case .selectNext:
            selected += 1
            keepSelectionShown()
            return render(now)
        case .selectPrevious:
            selected -= 1
            keepSelectionShown()
            return render(now)
        case .bid:
            let products = visibleProducts
            guard products.indices.contains(selected) else { return render(now) }
            let product = products[selected]
            if product.isClosed {
                message = "the auction of \(product.id) has ended"
            } else {
                prompt = BidPrompt(productID: product.id, name: product.name,
                                   minimum: product.nextMinimum)
            }
            return render(now)
        case .help:
            showsHelp = true
            helpOffset = 0
            return render(now)
        case .reload:
            if case .reconnecting = connection { return [.reconnectNow] + render(now) }
            screen = nil
            return [startReload()] + render(now)
        case .filter:
            return openFilter(now: now)
        case .sort:
            return cycleSort(now: now)
        case .proxyBid, .buyNow, .toggleWatchlist, .report:
            return lotAction(WatchAction(key: key) ?? .report, now: now)
        case .openDetail:
            return pane == nil ? openPane(now: now) : render(now)
        case .closeDetail:
            return closePane(now: now)
        case .focusChat:
            return focusChat(now: now)
        case .previousImage:
            return cycleImage(by: -1, now: now)
        case .nextImage:
            return cycleImage(by: 1, now: now)
        case nil:
            return render(now)
        }
    }

    /// The bid a prompt's Enter places: the price typed, or (`B`) the server's minimum with the typed maximum.
    private mutating func placing(_ editing: BidPrompt, _ typed: Money, now: Timestamp) -> [WatchEffect] {
        prompt = nil
        guard editing.isMaximum, let minimum = editing.minimum else {
            message = "bidding \(typed) on \(editing.productID)…"
            return [.placeBid(Bid(productID: editing.productID, price: typed))] + render(now)
        }
        message = "bidding \(minimum) on \(editing.productID), up to \(typed) by proxy…"
        return [.placeBid(Bid(productID: editing.productID, price: minimum, maximum: typed))] + render(now)
    }

    /// A key while the help is open: ↑/↓ (k/j) scroll a line, Page Up/Page Down a window; any other key closes it.
    private mutating func helpKey(_ key: Key, now: Timestamp) -> [WatchEffect] {
        let help = HelpOverlay(rows: size.rows, columns: size.columns)
        switch key {
        case .down, .character("j"): helpOffset = help.clamped(helpOffset + 1)
        case .up, .character("k"): helpOffset = help.clamped(helpOffset - 1)
        case .pageDown: helpOffset = help.clamped(helpOffset + help.room)
        case .pageUp: helpOffset = help.clamped(helpOffset - help.room)
        default: showsHelp = false
        }
        return render(now)
    }

    /// A key while the bid prompt is open: Enter bids (asking first, as `auction bid` does, when the price
    /// is more than 20 % above the current one), Esc cancels, the rest edits the price.
    private mutating func typed(_ key: Key, now: Timestamp) -> [WatchEffect] {
        guard var editing = prompt else { return [] }
        if editing.question != nil, let price = editing.price {
            prompt = nil
            guard key == .character("y") || key == .character("Y") else {
                message = "bid not sent"
                return render(now)
            }
            return placing(editing, price, now: now)
        }
        switch key {
        case .escape:
            prompt = nil
            message = "bid cancelled"
            return render(now)
        case .enter:
            guard let price = editing.price, price > .zero else {
                message = "type a price" + (editing.minimum.map { ", e.g. \($0)" } ?? "")
                return render(now)
            }
            if editing.isMaximum && editing.minimum == nil {
                prompt = nil
                message = "the server states no minimum next bid here: bid with b instead"
                return render(now)
            }
            if let current = visibleProducts.first(where: { $0.id == editing.productID })?.currentPrice {
                // As `auction bid --max` alone: the bid is the server's minimum, the maximum what was typed.
                let phrases = editing.isMaximum ? PriceGuard(current: current).phrases(price: nil, maximum: price)
                    : PriceGuard(current: current).phrases(price: price, maximum: nil)
                if !phrases.isEmpty {
                    editing.question = "product \(editing.productID) is at \(current): " + phrases.joined(separator: " and ") + ". Bid anyway? [y/N]"
                    prompt = editing
                    return render(now)
                }
            }
            return placing(editing, price, now: now)
        default:
            guard editing.type(key) else { return [] }
            prompt = editing
            return render(now)
        }
    }
}
