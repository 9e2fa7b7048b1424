import AuctionCore

/// Push 9 in `watch`: a lot listed onto the loaded pages takes its sorted place (the page holding it
/// grows by one line), an edited lot's line shows its new name and terms, a withdrawn lot's line goes
/// away with a note in the status line. Only the lines that change are rewritten (the renderer diffs).
extension WatchModel {
    /// Applies a catalogue change pushed by the server.
    mutating func catalogueChanged(_ change: CatalogueChange, now: Timestamp) -> [WatchEffect] {
        switch change {
        case .listed(let product, let place): lotListed(product, place: place, now: now)
        case .edited(let product): lotEdited(product, now: now)
        case .withdrawn(let id): lotWithdrawn(id, now: now)
        case .removed(let id, let reason): lotWithdrawn(id, removedReason: reason, now: now)
        }
    }

    /// A new lot on the loaded pages: inserted where the server placed it (else by id, the catalogue's
    /// order), on the page of the lot before it; the selection stays on the lot it was on.
    private mutating func lotListed(_ product: Product, place: ListingPlace?, now: Timestamp) -> [WatchEffect] {
        guard pageable else { return [] }
        if board.rows.contains(where: { $0.id == product.id }) { return lotEdited(product, now: now) }
        let index = insertionIndex(of: product, place: place)
        // A screen showing the end follows it (as `tail -f`): a lot joining the end comes into view.
        let followsEnd = index == board.rows.count && firstVisible + screenCapacity >= board.rows.count && board.rows.count >= screenCapacity
        var rows = board.rows
        rows.insert(Self.extendedIfPushed(product, alerts: alerts), at: index)
        board.replace(with: rows)
        if pageRanges.isEmpty { pageRanges = [0..<0] }
        // The page of the lot before it (the first page when it comes first) grows; later pages move down.
        let page = index == 0 ? 0 : pageRanges.firstIndex { $0.contains(index - 1) } ?? (pageRanges.count - 1)
        pageRanges = pageRanges.enumerated().map { offset, range in
            if offset == page { return range.lowerBound..<(range.upperBound + 1) }
            return offset > page ? (range.lowerBound + 1)..<(range.upperBound + 1) : range
        }
        if index <= selected && visibleProducts.count > 1 {
            selected += 1  // the selected lot moved down one line
        }
        if followsEnd { firstVisible += 1 }
        // The server added the lot to what is watched: its count of them grows with it.
        total = total.map { $0 + 1 }
        keepSelectionShown()
        lastUpdateAt = now
        if interactive { return render(now) }
        if json { return [.write(WatchJSON.listed(product, at: now))] }
        return [.notice("new lot \(product.id): \(TerminalText.sanitized(product.name))")]
    }

    /// Where a listed lot goes: after the lot the server named (first when it said so); without a
    /// place (or naming a lot not shown), in id order for the catalogue's order, else at the end.
    func insertionIndex(of product: Product, place: ListingPlace?) -> Int {
        switch place {
        case .first?:
            return 0
        case .after(let id)?:
            if let before = board.rows.firstIndex(where: { $0.id == id }) { return before + 1 }
        case nil:
            break
        }
        guard query.sort == .id && query.search == nil else { return board.rows.count }
        return board.rows.firstIndex { $0.id > product.id } ?? board.rows.count
    }

    /// An edited lot: its line shows the pushed state; a price or end already shown that is later stays.
    private mutating func lotEdited(_ product: Product, now: Timestamp) -> [WatchEffect] {
        guard let index = board.rows.firstIndex(where: { $0.id == product.id }) else { return [] }
        let old = board.rows[index]
        var updated = Self.extendedIfPushed(product, alerts: alerts)
        if old.currentPrice > updated.currentPrice {
            updated.currentPrice = old.currentPrice
            updated.lastChange = old.lastChange
            updated.direction = old.direction
        }
        if old.isClosed {
            updated.isClosed = true
            updated.winner = old.winner
        }
        guard updated != old else { return [] }
        var rows = board.rows
        rows[index] = updated
        board.replace(with: rows)
        if interactive { return render(now) }
        if json { return [.write(WatchJSON.edited(updated, at: now))] }
        return [.notice("lot \(product.id) edited by its seller: \(TerminalText.sanitized(updated.name))")]
    }

    /// A withdrawn lot: its line goes (the page shrinks; an emptied page other than the only one goes
    /// too), a bid being typed for it is dropped, and the status line says so.
    private mutating func lotWithdrawn(_ id: ProductID, removedReason: String? = nil, now: Timestamp) -> [WatchEffect] {
        guard let index = board.rows.firstIndex(where: { $0.id == id }) else { return [] }
        let name = board.rows[index].name
        var rows = board.rows
        rows.remove(at: index)
        board.replace(with: rows)
        let page = pageRanges.firstIndex { $0.contains(index) } ?? (pageRanges.count - 1)
        var ranges = pageRanges.enumerated().map { offset, range in
            if offset == page { return range.lowerBound..<(range.upperBound - 1) }
            return offset > page ? (range.lowerBound - 1)..<(range.upperBound - 1) : range
        }
        if index < selected { selected -= 1 }
        if index < firstVisible { firstVisible -= 1 }  // the lines shown stay the same lots
        if ranges[page].isEmpty && ranges.count > 1 { ranges.remove(at: page) }
        pageRanges = ranges
        total = total.map { max(0, $0 - 1) }
        keepSelectionShown()
        if prompt?.productID == id { prompt = nil }
        let text = "lot \(id) (\(TerminalText.sanitized(name))) "
            + (removedReason.map { "was removed by moderation: \(TerminalText.sanitized($0))" } ?? "was withdrawn by its seller")
        if json { return [.write(WatchJSON.withdrawn(id, name: name, removedReason: removedReason, at: now))] }
        guard interactive else { return [.notice(text)] }
        message = text
        return render(now)
    }

    /// The product with a soft-close extension already pushed for it applied.
    private static func extendedIfPushed(_ product: Product, alerts: WatchAlerts) -> Product {
        alerts.extensions[product.id].map { extended(product, by: $0) } ?? product
    }
}
