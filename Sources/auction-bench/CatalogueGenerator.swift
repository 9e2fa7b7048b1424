// The `catalogue` suite's lots: a deterministic catalogue written straight into a fresh store file
// (schema migrated by the server's own code), in one transaction with one prepared statement.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer

/// Writes `count` generated lots: names of 3–6 words and descriptions of 10–60, about a third Korean,
/// a few hundred sellers (a few of them busy), prices from 1.00 to 50,000.00, ends from a minute to 30 days away.
struct CatalogueGenerator {
    /// How many lots.
    var count: Int
    /// How many sellers.
    var sellers = 300
    /// The time the lots are listed around (ms since the epoch).
    var now: Int64

    /// The sellers' names, busiest first.
    var sellerNames: [String] { (0..<sellers).map { "seller\($0 + 1)" } }

    /// Creates the store at `path` and fills it; the number of distinct words written.
    func write(to path: String) throws(StoreError) -> Int {
        let store = try CatalogueStore(path: path)
        defer { store.close() }
        let english = CatalogueVocabulary.english(madeUp: 6_000)
        let korean = CatalogueVocabulary.korean(madeUp: 3_000)
        let sellerDraw = CatalogueVocabulary(words: sellerNames)
        var random = SplitMix64(seed: 0xCA7A_1061_E000_0012)
        var used = Set<String>()
        try store.bulkInsert(count: count) { _ in
            let koreanLot = random.next() % 3 == 0
            let nameWords = (0..<(3 + Int(random.next() % 4))).map { _ in (koreanLot ? korean : english).draw(&random) }
            var descriptionWords: [String] = []
            for _ in 0..<(10 + Int(random.next() % 51)) {
                // Korean lots mix in English words (brands, models) as real listings do.
                let fromKorean = koreanLot ? random.next() % 5 != 0 : random.next() % 20 == 0
                descriptionWords.append((fromKorean ? korean : english).draw(&random))
            }
            used.formUnion(nameWords)
            used.formUnion(descriptionWords)
            let start = Self.logUniform(100, 5_000_000, &random)
            let bids = random.next() % 4 == 0 ? Int64(random.next() % 40) : 0
            let current = bids == 0 ? start : start + start * Int64(random.next() % 200) / 100
            let listed = now - Int64(random.next() % (30 * 86_400_000))
            // One lot in fifty has ended (closed, no winner); the rest end within 30 days.
            let ended = random.next() % 50 == 0
            let ends = ended ? listed + Int64(random.next() % UInt64(now - listed + 1))
                             : now + 60_000 + Int64(random.next() % (30 * 86_400_000))
            return BulkProductRow(
                name: nameWords.joined(separator: " "), seller: sellerDraw.draw(&random),
                description: descriptionWords.joined(separator: " "), startPrice: Money(start), currentPrice: Money(current),
                listedAt: Timestamp(millisecondsSinceEpoch: listed), endsAt: Timestamp(millisecondsSinceEpoch: ends),
                bidCount: bids, closed: ended)
        }
        return used.count
    }

    private static func logUniform(_ low: Int64, _ high: Int64, _ random: inout SplitMix64) -> Int64 {
        let fraction = Double(random.next() >> 11) / Double(1 << 53)
        let value = Double(low) * pow(Double(high) / Double(low), fraction)
        return max(low, min(high, Int64(value)))
    }
}
