import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction sell --name NAME --start-price PRICE (--duration D | --ends-at TIME) […] [--json]`: lists
/// a lot with its images in one `multipart/form-data` `POST /products` and prints its id. Everything
/// that can be checked locally is, first (exit 2, nothing sent); refusals are exit 1, no answer exit 4.
public struct SellCommand: ParsableCommand {
    /// `sell`.
    public static let name = "sell"
    /// What `sell` does, for help.
    public static let summary = "put a lot up for auction"
    /// `sell`'s help page.
    public static let discussion = """
        Needs a login, --name, --start-price and one of --duration or --ends-at. Prices as
        `bid` reads them (9,000,000); durations 45m, 1h30m, 2d (1 minute to 30 days); times in
        RFC 3339 with any offset (2026-12-01T22:40:00+09:00, 2026-12-01T13:40Z) or local time
        (2026-12-01 22:40, in TZ's zone). Reserve and buy-now are at least the start price. Up to 10
        images (PNG, JPEG, WebP; 5 MiB each) are sent with the lot in one request, so a lot
        whose image is refused does not exist. Prints the new lot's id (--json:
        {"id":N,"name":…,"start_price":…,"images":N}). Exit 2 for a bad value (nothing sent),
        1 when the server refuses (reason shown), 4 when no answer came.
        """
    /// The options read.
    public var options = LotOptions()
    /// Whether to print JSON.
    @Flag("json", help: "print {\"id\":N,…} for scripts")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the options; the required ones must be there.
    public mutating func validate() throws(CommandError) {
        try options.read(command: Self.name)
        guard options.name != nil else { throw .usage(Self.name, "`sell` needs --name") }
        guard options.startPrice != nil else { throw .usage(Self.name, "`sell` needs --start-price") }
        guard options.ending != nil else { throw .usage(Self.name, "`sell` needs --duration or --ends-at") }
    }

    /// The listing the options describe, checked at `now` (usage error for the first problem).
    public func listing(description: String?, imageSizes: [Int], now: Timestamp) throws(CommandError) -> LotListing {
        guard let name = options.name, let start = options.startPrice, let ending = options.ending else {
            throw .usage(Self.name, "`sell` needs --name, --start-price and --duration or --ends-at")
        }
        try options.check(command: Self.name, descriptionText: description, imageSizes: imageSizes, now: now)
        return LotListing(name: name, description: description ?? "", startPrice: start, ending: ending,
                          minimumIncrement: options.minimumIncrement, reserve: options.reserve, buyNow: options.buyNow)
    }

    /// Checks, reads the files, sends the lot and prints its id.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let description = try LotFiles.description(options.description, command: Self.name)
        // Check everything but the image sizes before reading up to 50 MiB of images.
        _ = try listing(description: description, imageSizes: [], now: CommandContext.now())
        let images = try LotFiles.images(options.imagePaths, command: Self.name)
        let lot = try listing(description: description, imageSizes: images.map(\.bytes.count), now: CommandContext.now())
        // Bytes sent of the total while the lot goes out, then `validating…` until the server answers.
        let progress = ProgressLine(context.console)
        let told: @Sendable (Int, Int) -> Void = { sent, total in
            progress.show(sent < total ? "sending the lot: " + ProgressLine.bytes(sent, of: total)
                          : "sent " + ProgressLine.bytes(total, of: total) + " · validating…")
        }
        let id: ProductID?
        do throws(CommandError) {
            id = try await context.withSeller("`auction sell`", uploadProgress: told) { (lots, token) throws(LotError) -> ProductID? in
                do throws(LotError) {
                    return try await lots.list(lot, images: images, token: token)
                } catch .auction(.timedOut), .auction(.connectionLost) {
                    return nil
                }
            }
            progress.clear()  // before the answer is printed where the progress was
        } catch {
            progress.clear()
            throw error
        }
        guard let id else {
            context.console.error("outcome unknown: the lot was sent but no answer came; check with `auction mine --selling`")
            return .unknownOutcome
        }
        if json {
            context.console.printJSON(.object(JSONObject([
                ("id", .int(Int64(id.rawValue))), ("name", .string(lot.name)), ("start_price", .int(lot.startPrice.minorUnits)),
                ("images", .int(Int64(images.count))),
            ])))
        } else {
            context.console.print("listed: lot \(id) (\(TerminalText.sanitized(lot.name))), starting at \(lot.startPrice)")
        }
        return .success
    }
}
