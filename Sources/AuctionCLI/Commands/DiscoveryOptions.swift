import AuctionCore

/// The discovery options `list` and `watch` share (`--search`, `--sort`, `--ending-within`, `--min-price`,
/// `--max-price`, `--seller`, `--status`), read into a `CatalogueQuery`. Any of them (other than the
/// defaults) sends the command to the server's query endpoint; without them the original endpoints serve.
public struct DiscoveryOptions: Hashable, ParsableArguments {
    /// `--search TEXT`.
    @Option(text: "search", valueName: "TEXT",
            help: "full-text search over name, description and seller (first \(CatalogueQuery.maximumSearchCharacters) characters)")
    public var search: String?
    /// `--sort ending|price|new|change|bids`.
    @Option(text: "sort", valueName: "ORDER", help: "ending, price, new, change or bids (default: catalogue order, or rank with --search)")
    public var sort: String?
    /// `--ending-within 1h`.
    @Option(text: "ending-within", valueName: "DURATION", help: "only lots ending within this time, like 1h or 1h30m")
    public var endingWithin: String?
    /// `--min-price N`.
    @Option(text: "min-price", valueName: "PRICE", help: "only lots priced at least this")
    public var minimumPrice: String?
    /// `--max-price N`.
    @Option(text: "max-price", valueName: "PRICE", help: "only lots priced at most this")
    public var maximumPrice: String?
    /// `--seller NAME`.
    @Option(text: "seller", valueName: "NAME", help: "only this seller's lots")
    public var seller: String?
    /// `--status open|closed|all`.
    @Option(text: "status", valueName: "STATE", help: "open (default), closed or all")
    public var status: String?

    /// The declarations, read from a parse as part of `list`'s or `watch`'s.
    public init() {}

    /// The query the options describe (the plain query when none is given); bad values are usage errors of `command`.
    public func query(command: String) throws(CommandError) -> CatalogueQuery {
        var order: CatalogueQuery.Sort?
        if let text = sort {
            guard let chosen = CatalogueQuery.Sort(rawValue: text.lowercased()), chosen != .id, chosen != .rank else {
                throw .usage(command, "--sort must be ending, price, new, change or bids, not `\(TerminalText.sanitized(text))`")
            }
            order = chosen
        }
        var state = CatalogueQuery.Status.open
        if let text = status {
            guard let chosen = CatalogueQuery.Status(rawValue: text.lowercased()) else {
                throw .usage(command, "--status must be open, closed or all, not `\(TerminalText.sanitized(text))`")
            }
            state = chosen
        }
        var within: Int64?
        if let text = endingWithin {
            // The one duration grammar (`1h30m`); a bare number is seconds here.
            let plain = text.utf8.count <= 9 && !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } ? Int64(text) : nil
            guard let seconds = plain ?? DurationText.seconds(text), seconds > 0,
                  seconds <= CatalogueQuery.maximumEndingWithinSeconds else {
                throw .usage(command, "--ending-within needs a duration from 1s to 365d, like 1h or 1h30m, not `\(TerminalText.sanitized(text))`")
            }
            within = seconds
        }
        let minimum = try Self.price(minimumPrice, "--min-price", command: command)
        let maximum = try Self.price(maximumPrice, "--max-price", command: command)
        if let minimum, let maximum, minimum > maximum {
            throw .usage(command, "--min-price \(minimum) is above --max-price \(maximum)")
        }
        if let search, search.allSatisfy(\.isWhitespace) {
            throw .usage(command, "--search needs some text")
        }
        return CatalogueQuery(search: search, sort: order, endingWithinSeconds: within,
                              minimumPrice: minimum, maximumPrice: maximum, seller: seller, status: state)
    }

    /// A price option's value: a whole amount from 0 to `Money.largestExact`, as `bid` takes it.
    private static func price(_ text: String?, _ name: String, command: String) throws(CommandError) -> Money? {
        guard let text else { return nil }
        guard let money = Money(parsing: text), money <= Money.largestExact else {
            throw .usage(command, "\(name) must be a whole amount up to \(Money.largestExact), like 50000 or 50,000, not `\(TerminalText.sanitized(text))`")
        }
        return money
    }
}
