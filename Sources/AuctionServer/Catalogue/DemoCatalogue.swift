import AuctionInfrastructure
import AuctionCore
import AuctionEngine

/// The demo catalogue a fresh server starts with: 67 products over five pages.
///
/// Deterministic: the same `now` gives the same listings, byte for byte (images included).
/// Times are relative to `now` so a fresh database always has auctions running, a few
/// of them ending within the hour.
public enum DemoCatalogue {
    /// How many products the demo holds.
    public static var productCount: Int { DemoItems.interleaved.count }

    /// The listings, ids 1…`productCount` in order.
    public static func listings(now: Timestamp) -> [ProductListing] {
        DemoItems.interleaved.enumerated().map { offset, item in
            listing(id: offset + 1, name: item.name, typicalPrice: item.price, category: item.category, now: now)
        }
    }

    /// The PNG cover image of a demo product (48×48), as stored.
    public static func coverImage(of id: ProductID) -> [UInt8] {
        DemoImage.png(productID: id.rawValue)
    }

    private static let minute: Int64 = 60_000
    private static let hour: Int64 = 3_600_000
    private static let day: Int64 = 86_400_000

    private static func listing(id: Int, name: String, typicalPrice: Int, category: DemoItems.Category, now: Timestamp) -> ProductListing {
        var random = SplitMix64(seed: 0x0A0C_7100 &+ UInt64(id) &* 0x9E37_79B9)
        // Start between 55% and 85% of the typical price, as sellers leave room for bidding.
        let start = roundedPrice(typicalPrice * random.int(in: 55...85) / 100)
        let dayStart = now.millisecondsSinceEpoch - now.millisecondsSinceEpoch % day

        // Listed 2–9 days ago; price points on distinct dates from then to today.
        let daysAgo = random.int(in: 2...9)
        let listedAt = Timestamp(millisecondsSinceEpoch: dayStart - Int64(daysAgo) * day + Int64(random.int(in: 8...20)) * hour)
        let points = id % 8 == 0 ? 1 : random.int(in: 3...min(6, daysAgo + 1))
        var history = [PricePoint(date: listedAt.calendarDate, price: Money(Int64(start)))]
        var price = start
        var lastChange = 0
        var lastChangeAt = listedAt
        for step in 1..<max(points, 1) {
            let offset = daysAgo - step * (daysAgo / (points - 1))
            let raise = max(500, roundedPrice(price * random.int(in: 2...9) / 100, step: 500))
            price += raise
            lastChange = raise
            let at = min(dayStart - Int64(offset) * day + Int64(random.int(in: 9...21)) * hour + Int64(random.int(in: 0...59)) * minute,
                         now.millisecondsSinceEpoch)
            lastChangeAt = Timestamp(millisecondsSinceEpoch: max(at, listedAt.millisecondsSinceEpoch))
            history.append(PricePoint(date: lastChangeAt.calendarDate, price: Money(Int64(price))))
        }

        // Every tenth ends within the hour; the rest over the next week.
        let endsIn = id % 10 == 3
            ? Int64(random.int(in: 10...55)) * minute
            : Int64(random.int(in: 2...168)) * hour + Int64(random.int(in: 0...59)) * minute
        let step = start < 200_000 ? 1_000 : start < 1_000_000 ? 5_000 : 10_000
        let increment: Money? = id % 3 == 0 ? Money(Int64(step)) : nil

        var images = [DemoImage.png(productID: id)]
        if id % 5 == 0 { images.append(DemoImage.png(productID: id, variant: 1)) }
        let description = [random.pick(category.pitch), random.pick(DemoItems.condition), random.pick(DemoItems.shipping)]
            .joined(separator: " ")
        return ProductListing(
            id: ProductID(id), name: name, seller: random.pick(DemoItems.sellers), description: description,
            startPrice: Money(Int64(start)), currentPrice: Money(Int64(price)), lastChange: Money(Int64(lastChange)),
            lastChangeAt: lastChangeAt, minimumIncrement: increment, listedAt: listedAt,
            endsAt: now.adding(milliseconds: endsIn), history: history, images: images)
    }

    /// Rounds to a price a person would ask: to 1,000 below 100,000, else to 10,000 (or to `step`).
    private static func roundedPrice(_ value: Int, step: Int? = nil) -> Int {
        let unit = step ?? (value < 100_000 ? 1_000 : 10_000)
        return max(unit, (value + unit / 2) / unit * unit)
    }
}
