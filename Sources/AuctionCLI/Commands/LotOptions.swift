import AuctionCore

/// The options `sell` and `edit` share (`--name`, `--start-price`, `--duration`/`--ends-at`,
/// `--description`/`--description-file`, `--image`…, `--min-increment`, `--reserve`, `--buy-now`),
/// read and checked for form: money as `bid` reads it (`9,000,000`), durations as `1h30m`, times as
/// `2026-12-01T18:00Z`. Files are read later (`LotFiles`); bounds are `LotRules`'.
public struct LotOptions: Hashable, ParsableArguments {
    /// Where the description comes from.
    public enum DescriptionSource: Hashable, Sendable {
        /// Given on the command line.
        case text(String)
        /// Read from this file.
        case file(String)
    }

    /// `--name`.
    @Option(text: "name", valueName: "NAME", help: "the lot's name (1 to 120 characters)")
    public var name: String?
    /// `--start-price` as given (`startPrice` is its amount).
    @Option(text: "start-price", valueName: "PRICE", help: "the starting price, e.g. 9,000,000")
    public var startPriceText: String?
    /// `--duration 1h30m` as given (`ending` is what it means).
    @Option(text: "duration", valueName: "DURATION", help: "how long bidding runs: 45m, 1h30m, 2d (1 minute to 30 days)")
    public var durationText: String?
    /// `--ends-at 2026-12-01T22:40:00+09:00` as given (`ending` is what it means).
    @Option(text: "ends-at", valueName: "TIME", help: "when bidding ends: 2026-12-01T22:40:00+09:00 (any RFC 3339 offset) or local 2026-12-01 22:40")
    public var endsAtText: String?
    /// `--description TEXT` (`description` is where it comes from).
    @Option(text: "description", valueName: "TEXT", help: "the description (up to 10,000 characters)")
    public var inlineDescription: String?
    /// `--description-file FILE` (`description` is where it comes from).
    @Option(text: "description-file", valueName: "FILE", help: "read the description from FILE (UTF-8)")
    public var descriptionFile: String?
    /// `--image` paths, in order.
    @Option(repeated: "image", valueName: "FILE", help: "attach a PNG, JPEG or WebP image (repeat for more; up to 10, 5 MiB each)")
    public var imagePaths: [String]
    /// `--min-increment` as given (`minimumIncrement` is its amount).
    @Option(text: "min-increment", valueName: "AMOUNT", help: "the smallest raise (default: the server's table)")
    public var minimumIncrementText: String?
    /// `--reserve` as given (`reserve` is its amount).
    @Option(text: "reserve", valueName: "AMOUNT", help: "the lowest price it sells for (at least the start price)")
    public var reserveText: String?
    /// `--buy-now` as given (`buyNow` is its amount).
    @Option(text: "buy-now", valueName: "AMOUNT", help: "a price that ends the auction at once (at least the start price)")
    public var buyNowText: String?

    /// `--start-price`.
    public var startPrice: Money?
    /// `--duration` or `--ends-at`.
    public var ending: LotEnding?
    /// `--description` or `--description-file`.
    public var description: DescriptionSource?
    /// `--min-increment`.
    public var minimumIncrement: Money?
    /// `--reserve`.
    public var reserve: Money?
    /// `--buy-now`.
    public var buyNow: Money?

    /// The declarations, read from a parse as part of `sell`'s or `edit`'s.
    public init() {}

    /// Reads the typed values for `command`; usage errors (exit 2) for a malformed value or a pair given together.
    public mutating func read(command: String) throws(CommandError) {
        func money(_ option: Option<String?>) throws(CommandError) -> Money? {
            guard let text = option.wrappedValue else { return nil }
            guard let money = Money(parsing: text), money > .zero, money <= Money.largestExact else {
                throw .usage(command, "`--\(option.spec.name)` must be a whole amount from 1 to \(Money.largestExact) (e.g. 9,000,000), not `\(text)`; nothing was sent")
            }
            return money
        }
        startPrice = try money($startPriceText)
        minimumIncrement = try money($minimumIncrementText)
        reserve = try money($reserveText)
        buyNow = try money($buyNowText)
        switch (durationText, endsAtText) {
        case (_?, _?):
            throw .usage(command, "give either --duration or --ends-at, not both; nothing was sent")
        case (let text?, nil):
            guard let seconds = DurationText.seconds(text) else {
                throw .usage(command, "`--duration` must look like 45m, 1h30m or 2d, not `\(text)`; nothing was sent")
            }
            ending = .after(seconds: seconds)
        case (nil, let text?):
            guard let time = EndTimeText.timestamp(text, zone: .local()) else {
                throw .usage(command, "`--ends-at` must be an RFC 3339 time like 2026-12-01T22:40:00+09:00 or 2026-12-01T13:40Z, "
                             + "or a local time like 2026-12-01 22:40, not `\(text)`; nothing was sent")
            }
            ending = .at(time)
        case (nil, nil):
            ending = nil
        }
        switch (inlineDescription, descriptionFile) {
        case (_?, _?): throw .usage(command, "give either --description or --description-file, not both; nothing was sent")
        case (let text?, nil): description = .text(text)
        case (nil, let path?): description = .file(path)
        case (nil, nil): description = nil
        }
    }

    /// Checks the options that are given against `LotRules` at `now` (a usage error, exit 2, for the first problem).
    public func check(command: String, descriptionText: String?, imageSizes: [Int], now: Timestamp) throws(CommandError) {
        let problem = name.flatMap(LotRules.nameProblem) ?? descriptionText.flatMap(LotRules.descriptionProblem)
            ?? ending.flatMap { LotRules.endingProblem($0, now: now) }
            ?? LotRules.pricesProblem(start: startPrice, increment: minimumIncrement, reserve: reserve, buyNow: buyNow)
            ?? LotRules.imagesProblem(imageSizes)
        if let problem { throw .usage(command, problem + "; nothing was sent") }
    }
}
