import AuctionCore
import AuctionEngine
import AuctionImage

/// The bounds a lot must meet (issues 12, 19): name 1–120 characters (480 bytes), description up to
/// 10,000 (40,000 bytes), at most 8 combining marks on a character, a start
/// price above zero and at most `maximumPrice`, an end 60 s to 30 days away, reserve and buy-now at
/// least the start price, at most `images.maximumImagesPerLot` images. Checks fields as the wire gives
/// them (text), so multipart and JSON bodies meet the same rules.
public struct SaleRules: Sendable {
    /// The longest name, in characters.
    public static let maximumNameLength = 120
    /// The longest description, in characters.
    public static let maximumDescriptionLength = 10_000
    /// The most UTF-8 bytes a name may have as sent (before trimming).
    public static let maximumNameBytes = 480
    /// The most UTF-8 bytes a description may have.
    public static let maximumDescriptionBytes = 40_000
    /// The shortest auction, in seconds.
    public static let minimumDuration: Int64 = 60
    /// The longest auction, in seconds (30 days).
    public static let maximumDuration: Int64 = 30 * 86_400

    /// The highest price a lot may start at (the server's `max_price`).
    public var maximumPrice: Money
    /// What the lot's images must satisfy.
    public var images: ImageUpload.Rules

    /// Rules with the server's maximum price.
    public init(maximumPrice: Money = PriceLimits.defaultMaximumPrice, images: ImageUpload.Rules = ImageUpload.Rules()) {
        self.maximumPrice = maximumPrice
        self.images = images
    }

    /// A new lot from its fields (`field` answers a name's text value, nil when absent), its validated
    /// uploads and the hashes of earlier uploads; or the first rule it breaks.
    public func listing(field: (String) -> String?, uploads: [ImageUpload], imageHashes: [String],
                        now: Timestamp) throws(SaleRefusal) -> SaleListing {
        let name = try checkedName(field("name"))
        let description = try checkedDescription(field("description") ?? "")
        guard let startText = field("start_price") else { throw .invalidPrice("start_price is required") }
        let start = try price(startText, "start_price")
        let endsAt = try end(endsAt: field("ends_at"), duration: field("duration_seconds"), now: now)
        let increment = try field("min_increment").map { (text) throws(SaleRefusal) -> Money in try price(text, "min_increment") }
        let reserve = try field("reserve").map { (text) throws(SaleRefusal) -> Money in try price(text, "reserve") }
        let buyNow = try field("buy_now").map { (text) throws(SaleRefusal) -> Money in try price(text, "buy_now") }
        if let reserve, reserve < start { throw .reserveBelowStart }
        if let buyNow, buyNow < start { throw .buyNowBelowStart }
        try checkImageCount(uploads.count + imageHashes.count)
        return SaleListing(name: name, description: description, startPrice: start, endsAt: endsAt, minimumIncrement: increment,
                           reserve: reserve, buyNow: buyNow, uploads: uploads, imageHashes: imageHashes)
    }

    /// A name of 1–120 characters and at most 480 bytes, none with more than 8 combining marks
    /// (surrounding white space dropped); checked in time linear in its bytes.
    public func checkedName(_ text: String?) throws(SaleRefusal) -> String {
        let text = text ?? ""
        guard text.utf8.count <= Self.maximumNameBytes else { throw .invalidName }
        let name = text.trimmingSpaces
        guard !name.isEmpty, LotTextRules.violation(of: name, maximumBytes: Self.maximumNameBytes,
                                                    maximumCharacters: Self.maximumNameLength) == nil else { throw .invalidName }
        return name
    }

    /// A description of at most 10,000 characters and 40,000 bytes, none with more than 8 combining
    /// marks, kept as given; checked in time linear in its bytes.
    public func checkedDescription(_ text: String) throws(SaleRefusal) -> String {
        guard LotTextRules.violation(of: text, maximumBytes: Self.maximumDescriptionBytes,
                                     maximumCharacters: Self.maximumDescriptionLength) == nil else { throw .invalidDescription }
        return text
    }

    /// A price in minor units: digits only, above zero, at most `maximumPrice`.
    public func price(_ text: String, _ field: String) throws(SaleRefusal) -> Money {
        guard !text.isEmpty, text.count <= 19, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(text), value > 0,
              Money(value) <= maximumPrice else {
            throw .invalidPrice("\(field) must be a whole number of minor units from 1 to \(maximumPrice.minorUnits)")
        }
        return Money(value)
    }

    /// The end: `ends_at` (ms since the epoch) or `duration_seconds`, 60 s to 30 days from `now`.
    public func end(endsAt: String?, duration: String?, now: Timestamp) throws(SaleRefusal) -> Timestamp {
        let seconds: Int64
        switch (endsAt, duration) {
        case (let end?, nil):
            guard let milliseconds = Int64(end) else { throw .invalidEndTime("ends_at must be milliseconds since the epoch") }
            let (difference, overflow) = milliseconds.subtractingReportingOverflow(now.millisecondsSinceEpoch)
            guard !overflow, difference > 0 else { throw .invalidEndTime("ends_at is in the past") }
            seconds = difference / 1_000
        case (nil, let text?):
            guard let value = Int64(text) else { throw .invalidEndTime("duration_seconds must be a whole number") }
            seconds = value
        default:
            throw .invalidEndTime("give exactly one of ends_at and duration_seconds")
        }
        guard seconds >= Self.minimumDuration, seconds <= Self.maximumDuration else {
            throw .invalidEndTime("an auction lasts from 1 minute to 30 days")
        }
        if let endsAt, let milliseconds = Int64(endsAt) { return Timestamp(millisecondsSinceEpoch: milliseconds) }
        return Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch &+ seconds &* 1_000)
    }

    /// Throws `too_many_images` past the per-lot limit.
    public func checkImageCount(_ count: Int) throws(SaleRefusal) {
        guard count <= images.maximumImagesPerLot else { throw .tooManyImages(images.maximumImagesPerLot) }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
