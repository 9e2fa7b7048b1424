import AuctionCore

/// Renders the detail pane of `watch` as lines for its box: the selected lot's price, the server's next
/// minimum, your standing, the time left, reserve and buy-now, the bid history and the picture (`[` `]`
/// cycle the images). A figure is shown whole or its line is left out; only names are ever cut.
enum LotPaneView {
    /// What the pane shows beside its own fetches: the live lot and where the viewer stands.
    struct Facts {
        /// The lot as the board has it now (prices follow every push).
        let product: Product
        /// Leading or outbid, as the server stated it; nil when unknown.
        let standing: MyBidStatus?
        /// Whether the lot is on the viewer's watchlist; nil when unknown (logged out).
        let watched: Bool?
        /// The viewer's name (their own bids in full), if logged in.
        let viewer: String?
        /// Whether to colour and draw pictures.
        let color: Bool
        /// The zone for times.
        let clock: TimeOfDay
        /// Now, for the time left.
        let now: Timestamp
    }

    /// The width of a field's label (`Next bid  `).
    static let labelWidth = 10
    /// The most bids listed in the pane.
    static let shownBids = 5
    /// The text column's width when the picture goes beside it.
    static let textWidthBesidePicture = 40
    /// The narrowest picture drawn beside the text, and the widest drawn at all.
    static let narrowestSidePicture = 16
    static let widestPicture = 32

    /// The text lines: the lot's name, its fields and its bid history.
    static func textLines(_ pane: LotPane, _ facts: Facts, width: Int) -> [PaneLine] {
        let product = facts.product
        // The id is whole (or alone, or left out); the name after it is cut to the room left.
        let id = "#\(product.id)", room = width - TerminalText.width(id) - 2
        let title = room >= 2 ? id + "  " + TerminalText.truncate(TerminalText.sanitized(product.name), toWidth: room)
            : TerminalText.width(id) <= width ? id : ""
        var lines = [PaneLine.styled(title, width: width, style: facts.color ? ANSI.bold : nil)]
        func field(_ label: String, _ value: String, cuttable: Bool = false) {
            let text = TerminalText.fit(label, toWidth: labelWidth) + value
            if TerminalText.width(text) <= width || cuttable {
                lines.append(PaneLine(text, width: width))
            } else if TerminalText.width(value) <= width {
                lines.append(PaneLine(value, width: width))
            }
        }
        let change = ProductColumns.changeText(product)
        field("Price", product.currentPrice.description + (change.isEmpty ? "" : "  " + change))
        if !product.isClosed, let minimum = product.nextMinimum { field("Next bid", "\(minimum) or more · b bids") }
        switch facts.standing {
        case .leading?: field("You", "lead ★")
        case .outbid?: field("You", "are outbid ! · B sets a maximum")
        default: break
        }
        if let status = LotStatusText.detail(product, removedReason: pane.detail?.removedReason, viewer: facts.viewer),
           product.isClosed || product.status != .open {
            field("Status", status)
        }
        if !product.isClosed, let end = product.endsAt {
            field("Ends in", TimeLeft(until: end, now: facts.now).text + (product.extensions > 0 ? " · extended \(product.extensions)×" : ""))
        }
        if let met = product.reserveMet { field("Reserve", met ? "met" : "not met") }
        if let price = product.buyNowPrice, !product.isClosed { field("Buy now", "\(price) · u buys") }
        if let count = product.bidCount { field("Bids", Money(Int64(count)).description) }
        if let watched = facts.watched { field("Watchlist", watched ? "on · w takes it off" : "off · w adds it") }
        if let detail = pane.detail { field("Seller", TerminalText.sanitized(detail.sellerName), cuttable: true) }
        if let failure = pane.loadFailure { lines.append(PaneLine("could not load: " + TerminalText.sanitized(failure), width: width)) }
        if pane.detail == nil && pane.loadFailure == nil { lines.append(PaneLine("loading…", width: width)) }
        if let bids = pane.bids, !bids.isEmpty {
            lines.append(PaneLine("Bids (newest first)", width: width))
            let shown = bids.prefix(shownBids)
            let priceWidth = shown.map { TerminalText.width($0.price.description) }.max() ?? 0
            // The prices line up; the name gives way first (to 16 cells at most), and the price is whole or the line goes.
            let nameWidth = min(16, width - 12 - priceWidth - 2 - 5)
            for bid in shown {
                let price = TerminalText.fit(bid.price.description, toWidth: priceWidth, alignment: .right)
                let note = bid.isRetracted ? " retracted" : bid.isAutomatic ? " auto" : ""
                let name = TerminalText.sanitized(bid.bidder ?? "anonymous") + (bid.isViewers ? " (you)" : "")
                if nameWidth >= 3 {
                    lines.append(PaneLine("  " + facts.clock.format(bid.time) + "  " + TerminalText.fit(name, toWidth: nameWidth)
                                          + "  " + price + note, width: width))
                } else if TerminalText.width("  " + price) <= width {
                    lines.append(PaneLine("  " + price + note, width: width))
                }
            }
        }
        return lines
    }

    /// The picture's label: `image 1 of 2 · [ ] cycle`, and why it is not drawn when it is not.
    static func pictureLabel(_ pane: LotPane, color: Bool, width: Int) -> String? {
        guard let count = pane.detail?.product.imageIDs.count, count > 0, let id = pane.imageID else { return nil }
        var parts = ["image \(min(pane.imageIndex, count - 1) + 1) of \(count)"]
        if count > 1 { parts.append("[ ] cycle") }
        if !color {
            parts.append("not drawn without colour")
        } else {
            switch pane.pictures[id] {
            case nil: parts.append("loading…")
            case .notShown(let reason)?: parts.append("not shown: " + TerminalText.sanitized(reason))
            case .image?: break
            }
        }
        return TerminalText.fitting(first: parts[0], rest: Array(parts.dropFirst()), width: width, floor: .max)
    }

    /// The pane's lines, exactly `height` of them: the text, and the picture beside it on a wide pane, else
    /// below it while rows are left; `draw` draws the shown image for a box of cells (nil: nothing to draw).
    static func detail(_ pane: LotPane, _ facts: Facts, width: Int, height: Int,
                       draw: (_ width: Int, _ height: Int) -> DrawnPicture?) -> [PaneLine] {
        guard height > 0 else { return [] }
        let hasImage = pane.imageID != nil
        let beside = hasImage && width >= textWidthBesidePicture + 2 + narrowestSidePicture
        let pictureWidth = min(widestPicture, beside ? width - textWidthBesidePicture - 2 : width)
        let textWidth = beside ? width - pictureWidth - 2 : width
        let text = textLines(pane, facts, width: textWidth)
        var out: [PaneLine]
        if beside {
            let label = pictureLabel(pane, color: facts.color, width: pictureWidth) ?? ""
            let art = [PaneLine(label, width: pictureWidth)]
                + (draw(pictureWidth, height - 1)?.lines(maximum: height - 1) ?? [])
            out = (0..<height).map { row in
                let left = row < text.count ? text[row].padded(to: textWidth) : String(repeating: " ", count: textWidth)
                let right = row < art.count ? art[row] : PaneLine("", width: 0)
                return PaneLine(styled: left + "  " + right.text, cells: textWidth + 2 + right.cells)
            }
        } else {
            out = Array(text.prefix(height))
            let rows = height - out.count - 1
            if hasImage, rows >= 0, let label = pictureLabel(pane, color: facts.color, width: width) {
                out.append(PaneLine(label, width: width))
                if rows >= 2 { out += draw(pictureWidth, rows)?.lines(maximum: rows) ?? [] }
            }
        }
        while out.count < height { out.append(PaneLine("", width: 0)) }
        return Array(out.prefix(height))
    }

    /// The chat pane: its title, the room's newest lines (or where the view is scrolled back to) and the
    /// input line last; `cursor` is the input's cursor cell when it is focused.
    static func chatLines(_ pane: LotPane, unavailable: String?, width: Int, height: Int, clock: TimeOfDay,
                          style: ChatStyle) -> (lines: [PaneLine], cursor: Int?) {
        guard height > 0 else { return ([], nil) }
        let room = pane.room ?? LotPane.roomName(pane.productID)
        let hint = pane.chatFocused ? "Esc back to the table" : "c to chat"
        let title = TerminalText.fitting(first: "── " + room, rest: [hint], width: width, floor: .max)
        var lines = [PaneLine.styled(title, width: width, style: style.color ? ANSI.dim : nil)]
        let area = max(0, height - 2)
        if let unavailable {
            lines.append(PaneLine(unavailable, width: width))
        } else {
            let all = ChatRenderer.screenLines(pane.chat.entries, width: width, clock: clock, style: style)
            let marker = pane.chat.isLive || area < 2 ? nil : ChatRenderer.moreBelow(pane.chat.unseen, width: width)
            let range = pane.chat.visibleRange(totalLines: all.count, rows: area - (marker == nil ? 0 : 1))
            // Styled lines (a mention, a coloured name) are at most `width` cells: wrapped to it.
            lines += all[range].map { PaneLine(styled: $0, cells: min(width, TerminalText.width(Self.plain($0)))) }
            if let marker { lines.append(PaneLine(marker, width: width)) }
        }
        while lines.count < height - 1 { lines.append(PaneLine("", width: 0)) }
        lines = Array(lines.prefix(max(0, height - 1)))
        let prompt = room + "> "
        let input = ChatRenderer.inputView(pane.editor, prompt: prompt, width: width)
        if height >= 2 || lines.isEmpty { lines.append(PaneLine(input.text, width: width)) }
        return (lines, pane.chatFocused && unavailable == nil ? input.cursor : nil)
    }

    /// `text` without its CSI escapes (what its cells show).
    static func plain(_ text: String) -> String {
        var out = "", inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
