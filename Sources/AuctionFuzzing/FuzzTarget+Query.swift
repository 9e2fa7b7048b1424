import AuctionCore
import AuctionInfrastructure
import AuctionServer
import Glibc

/// `GET /products/query` strings: form decoding and the range checks never trap, what they accept is in
/// range, cursors round-trip, and an accepted query runs on a real SQLite catalogue (a small row budget)
/// giving at most `limit` lots and a cursor that always moves forward.
extension FuzzTarget {
    /// Catalogue query strings.
    public static let query = FuzzTarget(name: "query", generate: generateQuery, run: runQuery)

    private static let pieces = ["search=", "sort=", "ending_within=", "min_price=", "max_price=", "seller=", "status=", "limit=",
                                 "cursor=", "&", "=", "%", "%2", "%ZZ", "%C3%A9", "%00", "+", "lamp", "신발", "\"", "*", "NEAR(",
                                 "id", "rank", "ending", "price", "new", "change", "bids", "open", "closed", "all", "0", "1", "15", "50",
                                 "51", "-1", "31536000", "31536001", "1000000000000000", "1000000000000001", "9223372036854775807",
                                 "99999999999999999999", "MS5wcmljZS4xMDAwLjQ", "oliver", " "]

    private static func generateQuery(_ random: inout SplitMix64) -> [UInt8] {
        var text = ""
        for _ in 0..<Int.random(in: 1...12, using: &random) { text += pieces.randomElement(using: &random) ?? "" }
        let bytes = Array(text.utf8)
        return Bool.random(using: &random) ? .mutated(bytes, using: &random, alphabet: Array("&=%+09az".utf8)) : bytes
    }

    private static func runQuery(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if let cursor = QueryCursor(encoded: text), QueryCursor(encoded: cursor.encoded) != cursor { return "cursor \(text) does not round-trip" }
        guard let parameters = FormParameters(text) else { return nil }
        let request: CatalogueQueryRequest
        do throws(CatalogueQueryError) {
            request = try CatalogueQueryRequest(parameters: parameters.values)
        } catch {
            return nil
        }
        let query = request.query
        if !CatalogueQueryRequest.limits.contains(request.limit) { return "limit \(request.limit) accepted" }
        for price in [query.minimumPrice, query.maximumPrice].compactMap({ $0 }) where !CatalogueQueryRequest.priceRange.contains(price.minorUnits) {
            return "price \(price) accepted"
        }
        if let low = query.minimumPrice, let high = query.maximumPrice, low > high { return "min_price above max_price accepted" }
        if let search = query.search, search.count > CatalogueQuery.maximumSearchCharacters { return "search of \(search.count) characters accepted" }
        guard let store = QueryFuzzCatalogue.store else { return "no fuzz catalogue" }
        let page: AuctionServer.CatalogueQueryPage
        do throws(StoreError) {
            page = try store.query(request, now: QueryFuzzCatalogue.now, rowBudget: QueryFuzzCatalogue.budget)
        } catch {
            return "query \(text) failed: \(error)"
        }
        if page.ids.count > request.limit { return "\(page.ids.count) lots on a page of \(request.limit)" }
        if page.ids.contains(where: { !(1...QueryFuzzCatalogue.lots).contains($0.rawValue) }) { return "a lot that does not exist" }
        if let next = page.next, var from = request.cursor {
            let ranked = query.sort == .rank
            if ranked { from.key = from.key == 1 ? 1 : 0 }  // a ranked cursor of any other tier starts at tier 0
            if !QueryFuzzCatalogue.isAfter(next, from, ranked: ranked) { return "cursor did not move forward: \(from) → \(next)" }
        }
        return nil
    }
}

/// The small SQLite catalogue the query target runs on, made once per process (removed at exit).
private enum QueryFuzzCatalogue {
    static let lots = 300
    static let budget = 16
    static let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
    static let path = "/tmp/auction-fuzz-query-\(getpid()).sqlite"

    static let store: CatalogueStore? = {
        let words = ["lamp", "신발", "oak desk", "brass", "vintage camera"]
        let listings = (1...lots).map { index in
            ProductListing(id: ProductID(index), name: "\(words[index % words.count]) \(index)", seller: index % 3 == 0 ? "oliver" : "minji",
                           description: "lot \(index)", startPrice: Money(Int64(1_000 + (index % 7) * 500)), listedAt: now,
                           endsAt: index % 4 == 0 ? nil : now.adding(milliseconds: Int64(index % 50 - 10) * 3_600_000))
        }
        guard let store = try? CatalogueStore(path: path) else { return nil }
        atexit {
            for suffix in ["", "-wal", "-shm"] { unlink(QueryFuzzCatalogue.path + suffix) }
        }
        return (try? store.add(listings)) != nil ? store : nil
    }()

    /// Whether `next` lies after `from` in the walk's order: (key, id) ascending, or for ranked pages (tier ascending, id descending).
    static func isAfter(_ next: QueryCursor, _ from: QueryCursor, ranked: Bool) -> Bool {
        ranked ? (next.key, -next.id) > (from.key, -from.id) : (next.key, next.id) > (from.key, from.id)
    }
}
