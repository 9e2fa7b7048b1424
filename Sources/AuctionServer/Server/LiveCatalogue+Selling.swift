import AuctionCore

extension LiveCatalogue {
    /// What selling adds to the live catalogue: sellers' names and withdrawn lots, which lists skip.
    struct Selling: Sendable {
        /// Seller names by product.
        var sellers: [ProductID: String]
        /// Lots their sellers withdrew (or moderators removed).
        var withdrawn: Set<ProductID>
        /// Moderators' reasons for the lots they removed.
        var removed: [ProductID: String] = [:]
        /// Row indices lists show, in order, while some lot is withdrawn; nil: every row.
        var listed: [Int]?
        /// Row ids in order, to rebuild `listed`.
        private var ids: [ProductID]

        /// The state for `products` (in id order).
        init(sellers: [ProductID: String], withdrawn: Set<ProductID>, products: [Product]) {
            self.sellers = sellers
            self.withdrawn = withdrawn
            ids = products.map(\.id)
            rebuild()
        }

        /// Notes a product appended at the end.
        mutating func add(_ id: ProductID, seller: String) {
            sellers[id] = seller
            ids.append(id)
            listed?.append(ids.count - 1)
        }

        /// Hides a product from lists.
        mutating func withdraw(_ id: ProductID) {
            guard withdrawn.insert(id).inserted else { return }
            rebuild()
        }

        private mutating func rebuild() {
            listed = withdrawn.isEmpty ? nil : ids.indices.filter { !withdrawn.contains(ids[$0]) }
        }
    }

    /// The seller's name.
    func seller(of id: ProductID) -> String? { selling.withLock { $0.sellers[id] } }

    /// Whether the lot was withdrawn.
    func isWithdrawn(_ id: ProductID) -> Bool { selling.withLock { $0.withdrawn.contains(id) } }

    /// A moderator's reason for removing the lot, or nil.
    func removedReason(of id: ProductID) -> String? { selling.withLock { $0.removed[id] } }

    /// Hides a lot a moderator removed (as a withdrawal does) and keeps the reason its detail shows.
    func remove(_ id: ProductID, reason: String) {
        withdraw(id)
        selling.withLock { $0.removed[id] = reason }
        if let index = index(of: id) { rows.withLock { $0[index].status = .removed } }
    }

    /// Hides a withdrawn lot from lists (its detail still answers, saying so) and marks it closed.
    func withdraw(_ id: ProductID) {
        guard let index = index(of: id) else { return }
        rows.withLock { rows in
            rows[index].isClosed = true
            rows[index].buyNowPrice = nil
            if rows[index].status != .removed { rows[index].status = .withdrawn }
        }
        selling.withLock { $0.withdraw(id) }
    }

    /// The highest product id (the last row), nil when empty.
    var lastID: ProductID? { rows.withLock { $0.last?.id } }

    /// Sets a product's image ids as another node's edit stored them.
    func replaceImages(of id: ProductID, with imageIDs: [Int]) {
        guard let index = index(of: id) else { return }
        rows.withLock { $0[index].imageIDs = imageIDs }
    }

    /// Re-reads a product's image ids from the store after its seller replaced its images.
    func refreshImages(of id: ProductID) {
        guard let index = index(of: id), let stored = try? store.detail(of: id) else { return }
        rows.withLock { $0[index].imageIDs = stored.product.imageIDs }
    }

    /// Applies a seller's edit to the row lists show.
    func edit(_ id: ProductID, name: String?, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?) {
        guard let index = index(of: id) else { return }
        rows.withLock { rows in
            if let name { rows[index].name = name }
            if let startPrice {
                rows[index].startPrice = startPrice
                rows[index].currentPrice = startPrice
            }
            if let endsAt { rows[index].endsAt = endsAt }
            if let minimumIncrement { rows[index].minimumIncrement = minimumIncrement }
        }
    }
}
