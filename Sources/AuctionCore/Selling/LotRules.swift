/// The bounds a lot must keep, checked by the client before anything is sent (the server checks
/// them again): name 1–120 characters, description up to 10,000, a positive start price of at most
/// `Money.largestExact`, an end 1 minute to 30 days away and not in the past, reserve and buy-now at
/// least the start price, up to 10 images of up to 5 MiB each.
public enum LotRules {
    /// Characters a name may have.
    public static let nameLength: ClosedRange<Int> = 1...120
    /// Most characters in a description.
    public static let maximumDescriptionLength = 10_000
    /// Shortest and longest auction, in seconds.
    public static let durationSeconds: ClosedRange<Int64> = 60...(30 * 86_400)
    /// Most images on one lot.
    public static let maximumImages = 10
    /// Largest image file, in bytes.
    public static let maximumImageBytes = 5 << 20
    /// Prices a seller may set.
    public static let prices: ClosedRange<Money> = Money(1)...Money.largestExact

    /// Why `name` is not a valid name, or nil.
    public static func nameProblem(_ name: String) -> String? {
        nameLength.contains(name.count) && !name.allSatisfy(\.isWhitespace)
            ? nil : "the name must have 1 to \(nameLength.upperBound) characters (it has \(name.count))"
    }

    /// Why `description` is not a valid description, or nil.
    public static func descriptionProblem(_ description: String) -> String? {
        description.count <= maximumDescriptionLength
            ? nil : "the description may have at most \(maximumDescriptionLength) characters (it has \(description.count))"
    }

    /// Why `price` cannot be the `what` price, or nil.
    public static func priceProblem(_ price: Money, _ what: String) -> String? {
        prices.contains(price) ? nil : "the \(what) must be between 1 and \(Money.largestExact), not \(price)"
    }

    /// Why `ending` is not a valid end at `now`, or nil.
    public static func endingProblem(_ ending: LotEnding, now: Timestamp) -> String? {
        switch ending {
        case .after(let seconds):
            return durationSeconds.contains(seconds) ? nil : "the duration must be between 1 minute and 30 days"
        case .at(let time):
            let seconds = (time.millisecondsSinceEpoch.subtractingReportingOverflow(now.millisecondsSinceEpoch).partialValue) / 1000
            if time <= now { return "the end time \(time) is in the past" }
            return durationSeconds.contains(seconds) ? nil : "the end time must be between 1 minute and 30 days from now"
        }
    }

    /// The first problem with a whole listing and its image sizes at `now`, or nil when it may be sent.
    public static func problem(with listing: LotListing, imageSizes: [Int], now: Timestamp) -> String? {
        if let problem = nameProblem(listing.name) ?? descriptionProblem(listing.description)
            ?? priceProblem(listing.startPrice, "start price") ?? endingProblem(listing.ending, now: now) { return problem }
        if let problem = pricesProblem(start: listing.startPrice, increment: listing.minimumIncrement,
                                       reserve: listing.reserve, buyNow: listing.buyNow) { return problem }
        return imagesProblem(imageSizes)
    }

    /// Why the increment, reserve or buy-now price do not fit `start` (when given), or nil.
    public static func pricesProblem(start: Money?, increment: Money?, reserve: Money?, buyNow: Money?) -> String? {
        if let increment, let problem = priceProblem(increment, "minimum increment") { return problem }
        if let reserve, let problem = priceProblem(reserve, "reserve") { return problem }
        if let buyNow, let problem = priceProblem(buyNow, "buy-now price") { return problem }
        if let start, let reserve, reserve < start { return "the reserve (\(reserve)) must be at least the start price (\(start))" }
        if let start, let buyNow, buyNow < start { return "the buy-now price (\(buyNow)) must be at least the start price (\(start))" }
        return nil
    }

    /// Why images of these sizes cannot be attached, or nil.
    public static func imagesProblem(_ sizes: [Int]) -> String? {
        if sizes.count > maximumImages { return "at most \(maximumImages) images may be attached (\(sizes.count) given)" }
        if let index = sizes.firstIndex(where: { $0 > maximumImageBytes }) {
            return "image \(index + 1) is larger than \(maximumImageBytes >> 20) MiB"
        }
        if let index = sizes.firstIndex(of: 0) { return "image \(index + 1) is empty" }
        return nil
    }
}
