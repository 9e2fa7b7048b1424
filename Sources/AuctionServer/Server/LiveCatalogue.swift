import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The catalogue the HTTP endpoints serve: the store's products with the live prices laid over them.
///
/// The product rows are loaded once; each committed price change is applied with `apply(_:)` (from
/// the event loop), so a page read right after a push shows the new price. Details, histories and
/// images come from the store on demand, synchronously (the server answers on its own threads,
/// never on Swift's cooperative pool). Thread-safe: the rows sit behind a lock.
final class LiveCatalogue: CatalogueEndpoints.Source, Sendable {
    let store: CatalogueStore
    let rows: Mutex<[Product]>
    private let indexByID: Mutex<[ProductID: Int]>
    /// Sellers' names, withdrawn lots and the rows lists show (`LiveCatalogue+Selling.swift`).
    let selling: Mutex<LiveCatalogue.Selling>
    /// Bids per product (`bid_count`), by row index.
    private let counts: Mutex<[Int]>
    /// The server's clock, for the `ending` status (`LotStatus.at`).
    private let now: @Sendable () -> Timestamp

    /// A catalogue over `store`, starting from `products` (in id order) and their `bidCounts`; `removed`
    /// holds moderators' reasons for the withdrawn lots they removed.
    init(store: CatalogueStore, products: [Product], bidCounts: [ProductID: Int] = [:], sellers: [ProductID: String] = [:],
         withdrawn: Set<ProductID> = [], removed: [ProductID: String] = [:], now: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.now = now
        let ordered = products.sorted { $0.id < $1.id }.map { product in
            var product = product
            product.status = removed[product.id] != nil ? .removed : withdrawn.contains(product.id) ? .withdrawn : product.status ?? .open
            return product
        }
        rows = Mutex(ordered)
        counts = Mutex(ordered.map { bidCounts[$0.id] ?? 0 })
        indexByID = Mutex(Dictionary(ordered.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first }))
        var selling = Selling(sellers: sellers, withdrawn: withdrawn, products: ordered)
        selling.removed = removed
        self.selling = Mutex(selling)
    }

    /// How many bids a product has.
    func bidCount(of id: ProductID) -> Int? {
        guard let index = index(of: id) else { return nil }
        return counts.withLock { $0[index] }
    }

    /// Applies committed bids' bidding state: `added` more bids, and the lot's end, extensions,
    /// reserve state and buy-now price as they stand now.
    func apply(_ id: ProductID, added: Int, endsAt: Timestamp?, extensions: Int, reserveMet: Bool?, buyNowPrice: Money?) {
        guard let index = index(of: id) else { return }
        counts.withLock { $0[index] &+= added }
        rows.withLock { rows in
            rows[index].endsAt = endsAt
            rows[index].extensions = extensions
            rows[index].reserveMet = reserveMet
            rows[index].buyNowPrice = buyNowPrice
        }
    }

    /// How many products there are.
    var count: Int { indexByID.withLock { $0.count } }

    /// How many products the pages list (withdrawn ones left out), the `X-Total-Count` of `alllist`.
    func listedCount() -> Int? {
        rows.withLock { rows in selling.withLock { $0.listed?.count ?? rows.count } }
    }

    /// The row index of a product.
    func index(of id: ProductID) -> Int? { indexByID.withLock { $0[id] } }

    /// Appends a newly listed product (its id above every other) with its seller; false when it is not the highest.
    func add(_ product: Product, seller: String) -> Bool {
        let added = rows.withLock { rows -> Bool in
            guard rows.last.map({ $0.id < product.id }) ?? true else { return false }
            var product = product
            product.status = product.status ?? .open
            rows.append(product)
            counts.withLock { $0.append(0) }
            indexByID.withLock { $0[product.id] = rows.count - 1 }
            return true
        }
        if added { selling.withLock { $0.add(product.id, seller: seller) } }
        return added
    }

    /// Applies a committed price change.
    func apply(_ update: PriceUpdate) {
        guard let index = index(of: update.productID) else { return }
        rows.withLock { $0[index] = $0[index].applying(update) }
    }

    /// Marks an auction ended as `status` (the closing's), with its winner's name when known (lists and details say so from now on).
    func close(_ id: ProductID, winner: String?, status: LotStatus) {
        guard let index = index(of: id) else { return }
        rows.withLock { rows in
            rows[index].isClosed = true
            // A withdrawal or removal stays what it was: a close that follows it does not sell the lot.
            if rows[index].status?.takesBids ?? true { rows[index].status = status }
            rows[index].winner = winner
            rows[index].buyNowPrice = nil
        }
    }

    /// The product as it stands now.
    func product(_ id: ProductID) -> Product? {
        guard let index = index(of: id) else { return nil }
        return stated(rows.withLock { $0[index] }, at: now())
    }

    /// `product` with its status as of `now` (an open lot near its end is `ending`).
    private func stated(_ product: Product, at now: Timestamp) -> Product {
        var product = product
        product.status = product.status?.at(now, endsAt: product.endsAt)
        return product
    }

    /// Page `index` (15 products), or nil past the last page.
    func page(_ index: Int) throws(AuctionError) -> ProductPage? {
        guard index >= 0 else { return nil }
        let size = ProductPage.size
        let products = rows.withLock { rows -> [Product] in
            let (start, overflow) = index.multipliedReportingOverflow(by: size)
            return selling.withLock { selling -> [Product] in
                guard let listed = selling.listed else {
                    guard !overflow, start < rows.count else { return [] }
                    return Array(rows[start..<min(rows.count, start + size)])
                }
                guard !overflow, start < listed.count else { return [] }
                return listed[start..<min(listed.count, start + size)].map { rows[$0] }
            }
        }
        let time = now()
        return products.isEmpty ? nil : ProductPage(index: index, products: products.map { stated($0, at: time) })
    }

    /// A product in full: the store's detail with the live price.
    func detail(of id: ProductID) throws(AuctionError) -> ProductDetail {
        guard let live = product(id) else { throw .notFound("product") }
        let stored: ProductDetail?
        do {
            stored = try store.detail(of: id)
        } catch {
            throw .server(status: error.httpStatusCode, message: error.description)
        }
        guard var detail = stored else { throw .notFound("product") }
        detail.product = live
        return detail
    }

    /// An image's PNG bytes.
    func image(_ imageID: Int) throws(AuctionError) -> [UInt8] {
        let bytes: [UInt8]?
        do {
            bytes = try store.image(imageID)
        } catch {
            throw .server(status: error.httpStatusCode, message: error.description)
        }
        guard let bytes else { throw .notFound("image") }
        return bytes
    }
}
