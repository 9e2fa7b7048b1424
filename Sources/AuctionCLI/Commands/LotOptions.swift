import AuctionCore

/// The options `sell` and `edit` share (`--name`, `--start-price`, `--duration`/`--ends-at`,
/// `--description`/`--description-file`, `--image`…, `--min-increment`, `--reserve`, `--buy-now`),
/// read and checked for form: money as `bid` reads it (`9,000,000`), durations as `1h30m`, times as
/// `2026-12-01T18:00Z`. Files are read later (`LotFiles`); bounds are `LotRules`'.
public struct LotOptions: Hashable, Sendable {
    /// `--name NAME`.
    public static let nameOption = OptionKey<String>(text: "name", valueName: "NAME", help: "the lot's name (1 to 120 characters)")
    /// `--start-price PRICE`.
    public static let startPriceOption = OptionKey<String>(text: "start-price", valueName: "PRICE",
                                                        help: "the starting price, e.g. 9,000,000")
    /// `--duration 1h30m`.
    public static let durationOption = OptionKey<String>(text: "duration", valueName: "DURATION",
                                                      help: "how long bidding runs: 45m, 1h30m, 2d (1 minute to 30 days)")
    /// `--ends-at 2026-12-01T18:00Z`.
    public static let endsAtOption = OptionKey<String>(text: "ends-at", valueName: "TIME",
                                                    help: "when bidding ends, in UTC: 2026-12-01T18:00Z")
    /// `--description TEXT`.
    public static let descriptionOption = OptionKey<String>(text: "description", valueName: "TEXT",
                                                         help: "the description (up to 10,000 characters)")
    /// `--description-file FILE`.
    public static let descriptionFileOption = OptionKey<String>(text: "description-file", valueName: "FILE",
                                                             help: "read the description from FILE (UTF-8)")
    /// `--image FILE`, repeatable.
    public static let imageOption = OptionKey<[String]>(repeated: "image", valueName: "FILE",
                                                     help: "attach a PNG, JPEG or WebP image (repeat for more; up to 10, 5 MiB each)")
    /// `--min-increment N`.
    public static let minimumIncrementOption = OptionKey<String>(text: "min-increment", valueName: "AMOUNT",
                                                              help: "the smallest raise (default: the server's table)")
    /// `--reserve N`.
    public static let reserveOption = OptionKey<String>(text: "reserve", valueName: "AMOUNT",
                                                     help: "the lowest price it sells for (at least the start price)")
    /// `--buy-now N`.
    public static let buyNowOption = OptionKey<String>(text: "buy-now", valueName: "AMOUNT",
                                                    help: "a price that ends the auction at once (at least the start price)")
    /// The option specs, in help order.
    public static let specs = [nameOption.spec, startPriceOption.spec, durationOption.spec, endsAtOption.spec, descriptionOption.spec,
                               descriptionFileOption.spec, imageOption.spec, minimumIncrementOption.spec, reserveOption.spec,
                               buyNowOption.spec]

    /// Where the description comes from.
    public enum DescriptionSource: Hashable, Sendable {
        /// Given on the command line.
        case text(String)
        /// Read from this file.
        case file(String)
    }

    /// `--name`.
    public var name: String?
    /// `--start-price`.
    public var startPrice: Money?
    /// `--duration` or `--ends-at`.
    public var ending: LotEnding?
    /// `--description` or `--description-file`.
    public var description: DescriptionSource?
    /// `--image` paths, in order.
    public var imagePaths: [String]
    /// `--min-increment`.
    public var minimumIncrement: Money?
    /// `--reserve`.
    public var reserve: Money?
    /// `--buy-now`.
    public var buyNow: Money?

    /// Reads the options of `command`; usage errors (exit 2) for a malformed value or a pair given together.
    public init(_ invocation: Invocation, command: String) throws(CommandError) {
        func money(_ option: OptionKey<String>) throws(CommandError) -> Money? {
            guard let text = invocation[option] else { return nil }
            guard let money = Money(parsing: text), money > .zero, money <= Money.largestExact else {
                throw .usage(command, "`--\(option.spec.name)` must be a whole amount from 1 to \(Money.largestExact) (e.g. 9,000,000), not `\(text)`; nothing was sent")
            }
            return money
        }
        name = invocation[Self.nameOption]
        startPrice = try money(Self.startPriceOption)
        minimumIncrement = try money(Self.minimumIncrementOption)
        reserve = try money(Self.reserveOption)
        buyNow = try money(Self.buyNowOption)
        imagePaths = invocation[Self.imageOption]
        switch (invocation[Self.durationOption], invocation[Self.endsAtOption]) {
        case (_?, _?):
            throw .usage(command, "give either --duration or --ends-at, not both; nothing was sent")
        case (let text?, nil):
            guard let seconds = DurationText.seconds(text) else {
                throw .usage(command, "`--duration` must look like 45m, 1h30m or 2d, not `\(text)`; nothing was sent")
            }
            ending = .after(seconds: seconds)
        case (nil, let text?):
            guard let time = UTCTimeText.timestamp(text) else {
                throw .usage(command, "`--ends-at` must be a UTC time like 2026-12-01T18:00Z or 2026-12-01T18:00:30Z, not `\(text)`; nothing was sent")
            }
            ending = .at(time)
        case (nil, nil):
            ending = nil
        }
        switch (invocation[Self.descriptionOption], invocation[Self.descriptionFileOption]) {
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
