import AuctionCore

/// Discovery in `watch`: `/` types a filter, `s` cycles the sort; each asks the server again (`.requery`)
/// and, once answered, the board shows the query's first page and the list state follows it (request 13).
extension WatchModel {
    /// Whether `/` and `s` can change what is shown (pages, not `--ids` or `--watchlist`).
    public var queryable: Bool { pageable }

    /// Starts on a query's loaded pages (`watch --search …`), continuing after `cursor`.
    public mutating func showQuery(_ shown: CatalogueQuery, cursor: String?) {
        query = shown
        queryCursor = shown.isPlain ? nil : cursor
    }

    /// The query the next `/` or `s` starts from: the one asked for, else the one shown.
    var baseQuery: CatalogueQuery { requestedQuery ?? query }

    /// What loads the page after the last loaded one: the catalogue's page, or the query's next cursor.
    func nextPageEffect() -> WatchEffect {
        if let cursor = queryCursor, !query.isPlain {
            return .loadQueryPage(index: pageRanges.count, query, cursor: cursor)
        }
        return .loadPage(pageRanges.count)
    }

    /// `/`: opens the filter prompt holding the current search.
    mutating func openFilter(now: Timestamp) -> [WatchEffect] {
        guard queryable else {
            message = "filtering needs pages (not --ids or --watchlist)"
            return render(now)
        }
        filterPrompt = FilterPrompt(text: baseQuery.search ?? "")
        return render(now)
    }

    /// `s`: the next sort, asked of the server.
    mutating func cycleSort(now: Timestamp) -> [WatchEffect] {
        guard queryable else {
            message = "sorting needs pages (not --ids or --watchlist)"
            return render(now)
        }
        var next = baseQuery
        next.sort = next.sort.next(searching: next.search != nil)
        return requery(next, now: now)
    }

    /// A key while the filter prompt is open: Enter applies (empty clears the search), Esc cancels.
    mutating func typedFilter(_ key: Key, now: Timestamp) -> [WatchEffect] {
        guard var editing = filterPrompt else { return [] }
        switch key {
        case .escape:
            filterPrompt = nil
            message = "filter cancelled"
            return render(now)
        case .enter:
            filterPrompt = nil
            return requery(baseQuery.searching(editing.text), now: now)
        default:
            guard editing.type(key) else { return [] }
            filterPrompt = editing
            return render(now)
        }
    }

    /// Asks the server for `next`'s first page; the board changes when it answers.
    mutating func requery(_ next: CatalogueQuery, now: Timestamp) -> [WatchEffect] {
        requestedQuery = next
        pendingPage = nil
        message = "loading…"
        return [.requery(next)] + render(now)
    }

    /// The first page(s) of the query asked for: they replace the board, and the list state follows them.
    mutating func queried(_ answered: CatalogueQuery, _ pages: [CatalogueQueryPage], now: Timestamp) -> [WatchEffect] {
        guard answered == requestedQuery else { return [] }
        requestedQuery = nil
        query = answered
        message = nil
        let products = pages.map(\.products)
        board.replace(with: products.flatMap { $0 })
        pageRanges = WatchModel.ranges(of: products)
        queryCursor = answered.isPlain ? nil : pages.last?.nextCursor
        reachedEnd = answered.isPlain ? (products.last?.count ?? 0) < ProductPage.size : queryCursor == nil
        total = pages.first?.total
        reapplyExtensions()
        showFirstScreen()
        screen = nil
        return [.announceQuery(answered, pages: pageRanges.count)] + render(now)
    }

    /// The next page of the shown query.
    mutating func queryPageLoaded(_ index: Int, _ answered: CatalogueQuery, _ page: CatalogueQueryPage, now: Timestamp) -> [WatchEffect] {
        guard answered == query else { return [] }
        queryCursor = page.nextCursor
        let effects = pageLoaded(index, page.products.isEmpty ? nil : ProductPage(index: index, products: page.products), now: now)
        if queryCursor == nil { reachedEnd = true }
        return effects.map { effect in
            if case .announcePages(let count) = effect { return .announceQuery(answered, pages: count) }
            return effect
        }
    }

    /// The shown query's pages loaded again (`r`, or after a reconnect).
    mutating func queryReloaded(_ answered: CatalogueQuery, _ pages: [CatalogueQueryPage], now: Timestamp) -> [WatchEffect] {
        guard answered == query else {
            finishReload()
            return []
        }
        queryCursor = pages.last?.nextCursor
        if let counted = pages.first?.total { total = counted }
        let effects = reloaded(pages.map(\.products), now: now)
        reachedEnd = queryCursor == nil
        return effects
    }

    /// A `.requery` failed: the shown query stays, the status line says why.
    mutating func queryFailed(_ reason: String, now: Timestamp) -> [WatchEffect] {
        requestedQuery = nil
        message = reason
        return interactive ? render(now) : [.notice(reason)]
    }
}
