import AuctionCore

/// The discovery options `list` and `watch` share (`--search`, `--sort`, `--ending-within`, `--min-price`,
/// `--max-price`, `--seller`, `--status`), read into a `CatalogueQuery`. Any of them (other than the
/// defaults) sends the command to the server's query endpoint; without them the original endpoints serve.
public enum DiscoveryOptions {
    /// `--search TEXT`.
    public static let searchOption = OptionKey<String>(text: "search", valueName: "TEXT",
                                                     help: "full-text search over name, description and seller (first \(CatalogueQuery.maximumSearchCharacters) characters)")
    /// `--sort ending|price|new|change|bids`.
    public static let sortOption = OptionKey<String>(text: "sort", valueName: "ORDER",
                                                   help: "ending, price, new, change or bids (default: catalogue order, or rank with --search)")
    /// `--ending-within 1h`.
    public static let endingWithinOption = OptionKey<String>(text: "ending-within", valueName: "DURATION",
                                                           help: "only lots ending within this time, like 1h or 1h30m")
    /// `--min-price N`.
    public static let minimumPriceOption = OptionKey<String>(text: "min-price", valueName: "PRICE", help: "only lots priced at least this")
    /// `--max-price N`.
    public static let maximumPriceOption = OptionKey<String>(text: "max-price", valueName: "PRICE", help: "only lots priced at most this")
    /// `--seller NAME`.
    public static let sellerOption = OptionKey<String>(text: "seller", valueName: "NAME", help: "only this seller's lots")
    /// `--status open|closed|all`.
    public static let statusOption = OptionKey<String>(text: "status", valueName: "STATE", help: "open (default), closed or all")

    /// The options' specs, for a command's spec.
    public static let specs: [OptionSpec] = [searchOption, sortOption, endingWithinOption, minimumPriceOption,
                                             maximumPriceOption, sellerOption, statusOption].map(\.spec)

    /// The query the options describe (the plain query when none is given); bad values are usage errors of `command`.
    public static func query(_ invocation: Invocation, command: String) throws(CommandError) -> CatalogueQuery {
        var sort: CatalogueQuery.Sort?
        if let text = invocation[sortOption] {
            guard let chosen = CatalogueQuery.Sort(rawValue: text.lowercased()), chosen != .id, chosen != .rank else {
                throw .usage(command, "--sort must be ending, price, new, change or bids, not `\(TerminalText.sanitized(text))`")
            }
            sort = chosen
        }
        var status = CatalogueQuery.Status.open
        if let text = invocation[statusOption] {
            guard let chosen = CatalogueQuery.Status(rawValue: text.lowercased()) else {
                throw .usage(command, "--status must be open, closed or all, not `\(TerminalText.sanitized(text))`")
            }
            status = chosen
        }
        var within: Int64?
        if let text = invocation[endingWithinOption] {
            // The one duration grammar (`1h30m`); a bare number is seconds here.
            let plain = text.utf8.count <= 9 && !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } ? Int64(text) : nil
            guard let seconds = plain ?? DurationText.seconds(text), seconds > 0,
                  seconds <= CatalogueQuery.maximumEndingWithinSeconds else {
                throw .usage(command, "--ending-within needs a duration from 1s to 365d, like 1h or 1h30m, not `\(TerminalText.sanitized(text))`")
            }
            within = seconds
        }
        let minimum = try price(invocation[minimumPriceOption], "--min-price", command: command)
        let maximum = try price(invocation[maximumPriceOption], "--max-price", command: command)
        if let minimum, let maximum, minimum > maximum {
            throw .usage(command, "--min-price \(minimum) is above --max-price \(maximum)")
        }
        if let search = invocation[searchOption], search.allSatisfy(\.isWhitespace) {
            throw .usage(command, "--search needs some text")
        }
        return CatalogueQuery(search: invocation[searchOption], sort: sort, endingWithinSeconds: within,
                              minimumPrice: minimum, maximumPrice: maximum, seller: invocation[sellerOption], status: status)
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
