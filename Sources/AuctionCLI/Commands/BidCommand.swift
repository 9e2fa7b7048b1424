import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction bid <id> <price|+raise> [--min] [--max AMOUNT] [--yes] [--json]`: places a bid over the
/// socket (logging in first with the saved login, if any), with a secret maximum for a proxy bid,
/// and reports accepted, refused (why, the current price and the minimum next bid) or unknown (exit 4).
/// A bid or maximum more than 20 % above the current price is confirmed first (`PriceGuard`).
public struct BidCommand: ParsableCommand {
    /// `bid`.
    public static let name = "bid"
    /// What `bid` does, for help.
    public static let summary = "bid on a product"
    /// `bid`'s help page.
    public static let discussion = """
        Uses the saved login (see `auction login`). Give <price>, --min, or --max alone (the next bid now, up to it). A bid or maximum more
        than 20% above the current price is asked about on a terminal (--yes skips; without a
        terminal it is not sent: exit 5). Exit 1 when refused, 4 when no reply came (retried once
        with the same idempotency key where the server keeps keys); a refusal says the minimum next bid.
        """
    /// The product bid on.
    @Argument("id", help: "the product's id")
    public var productID: ProductID
    /// `<price>` as given, absolute or `+N` (nil with `--min`).
    @Argument(bidPrice: "price", help: "the price offered, e.g. 35000 or 35,000; +1000 raises the current price")
    public var givenOffer: BidOffer?
    /// Whether to bid the minimum next bid (`--min`).
    @Flag("min", help: "bid the minimum next bid the server states")
    public var minimumNextBid: Bool
    /// Whether to print JSON.
    @Flag("json", help: "print the outcome as JSON")
    public var json: Bool
    /// `--max` as given (`maximum` is its amount).
    @Option(text: "max", valueName: "AMOUNT", help: "a secret maximum: the server bids for you up to it (a proxy bid)")
    public var maximumText: String?
    /// Whether to skip the fat-finger question (`--yes`).
    @Flag("yes", help: "do not ask before a bid or maximum more than 20% above the current price")
    public var yes: Bool
    /// The price offered (for `+N` and `--min`, known once the current price is read).
    public var price = Money.zero
    /// How the price was given: as is, as a raise over the current price, or the minimum next bid.
    public var offer = BidOffer.minimum
    /// The secret maximum of a proxy bid (`--max`), at least the price.
    public var maximum: Money?

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the offer from `<price>` (or `+N`) or `--min`, and the amount of `--max`.
    public mutating func validate() throws(CommandError) {
        let given = givenOffer
        if minimumNextBid {
            guard given == nil else { throw .usage(Self.name, "give <price> or `--min`, not both") }
            offer = .minimum
        } else if let given {
            offer = given
        } else if maximumText != nil {
            offer = .minimum  // `bid ID --max N`: the minimum now, and up to N by proxy (as eBay users type it)
        } else {
            throw .usage(Self.name, "`bid` needs <price> (or +N, `--min`, or `--max N` alone)")
        }
        if case .price(let given) = offer { price = given } else { price = .zero }
        maximum = try maximumText.map { (text) throws(CommandError) -> Money in
            guard let money = Money(parsing: text), money > .zero, money <= Money.largestExact else {
                throw .usage(Self.name, "--max must be a positive whole amount up to \(Money.largestExact), like 50000 or 50,000, not `\(text)`")
            }
            return money
        }
        try checkMaximum()
    }

    /// Refuses a maximum below the bid (a usage error: nothing is sent).
    private func checkMaximum() throws(CommandError) {
        guard let maximum, price > .zero, maximum < price else { return }
        throw .usage(Self.name, "--max \(maximum) is below the bid \(price): \(RefusalReason.maximumBelowBid.explanation); nothing was sent")
    }

    /// Sends the bid and prints its outcome.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        var command = self
        let login = try await SavedLoginLookup.load(context)
        let link = try await BidLink.open(context, login: login)
        defer { link.close() }
        if maximum != nil, !link.capabilities.supports(.proxyBids) {
            throw .usage(Self.name, "--max needs a server that takes proxy bids; the server at \(context.configuration.socket) "
                + (link.capabilities.dialect == .original ? "speaks the original protocol" : "does not offer proxy-bids")
                + "; nothing was sent")
        }
        if offer != .price(price) || !yes {
            let product = try await currentProduct(context)
            // A lot the server states closed is refused as the server would, before any question or price is worked out.
            if let refusal = product.status?.refusal { throw .auction(.refused(refusal)) }
            command.price = try command.offeredPrice(product, context: context)
            try command.checkMaximum()
            if !yes, !command.confirmed(context, current: product.currentPrice) { return .notConfirmed }
        }
        return try await command.place(link, login: login, context: context)
    }

    /// Asks before a bid or maximum more than 20 % above `current` (`PriceGuard`); true to go ahead.
    private func confirmed(_ context: CommandContext, current: Money) -> Bool {
        let phrases = PriceGuard(current: current).phrases(price: offer == .minimum ? nil : price, maximum: maximum)
        guard !phrases.isEmpty else { return true }
        let what = "product \(productID) is at \(current): " + phrases.joined(separator: " and ")
        return context.confirmed(what + ". Bid anyway? [y/N] ", yes: yes, noTerminal: what)
    }

    /// Sends the bid at `price` with a fresh idempotency key (retried once with it when no answer came)
    /// and reports its outcome.
    private func place(_ link: BidLink, login: LoginCredential?, context: CommandContext) async throws(CommandError) -> ExitCode {
        let bid = Bid(productID: productID, price: price, maximum: maximum, idempotencyKey: try link.freshKey())
        // The price is positive by construction (parsed, or current price + a positive raise), as `PlaceBid` requires.
        guard let answer = try await link.exchange({ (bids) throws(AuctionError) in try await bids.placeExplained(bid) }) else {
            return reportUnknown(context)
        }
        let outcome = answer.outcome
        context.keep(answer.receipts)
        switch outcome {
        case .accepted(let newPrice):
            report(context, outcome: "accepted", text: BidReport.acceptedText(answer, productID: productID),
                   fields: [("price", .int(newPrice.minorUnits))] + BidReport.answerFields(answer))
        case .refused(.suspended, _):  // the server's sentence: why, and until when
            throw .notLoggedIn(answer.suspensionMessage.map { TerminalText.sanitized($0) } ?? RefusalReason.suspended.explanation)
        case .refused(.unauthenticated, _):
            throw .notLoggedIn(login.map {
                "the saved login for `\($0.name)` was not accepted (expired or logged out); run `auction login \($0.name)` again"
            } ?? "bidding needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        case .refused(let reason, let known):
            // Every figure is the server's: the reply's, else (the original backend says none) the catalogue's now.
            var current = known, minimum = answer.nextMinimum
            let wantsMinimum = reason == .priceTooLow || reason == .outbidByProxy
            if (current == nil || (wantsMinimum && minimum == nil)) && reason != .unknownProduct,
               let product = try? await currentProduct(context) {
                current = current ?? product.currentPrice
                minimum = minimum ?? product.nextMinimum
            }
            let told = BidOutcome.refused(reason, currentPrice: current)
            let text: String
            switch reason {
            case .outbidByProxy: text = BidReport.outbidText(answer, current: current, minimum: minimum, productID: productID)
            case .priceTooLow: text = minimum.map { BidReport.belowMinimumText(minimum: $0, current: current) }
                ?? OutcomeText.bid(told, productID: productID)
            case .maximumNotRaised: text = BidReport.maximumNotRaisedText(answer)
            default: text = OutcomeText.bid(told, productID: productID)
            }
            report(context, outcome: "refused", text: text, fields: [
                ("reason", .string(reason.rawValue)), ("message", .string(reason.explanation)),
                ("current_price", current.map { .int($0.minorUnits) } ?? .null),
                ("minimum_bid", minimum.map { .int($0.minorUnits) } ?? .null),
            ] + BidReport.answerFields(answer).filter { $0.0 != "next_minimum" || minimum == nil })
        }
        return OutcomeText.exitCode(for: outcome)
    }

    /// The price for `+N` (over the current price) or `--min` (the server's `next_minimum`, never worked
    /// out here); as given otherwise. A server that states no minimum (the original backend) cannot take `--min`.
    private func offeredPrice(_ product: Product, context: CommandContext) throws(CommandError) -> Money {
        switch offer {
        case .price(let given):
            return given
        case .raise(let raise):
            let (sum, overflow) = product.currentPrice.minorUnits.addingReportingOverflow(raise.minorUnits)
            return Money(overflow ? Int64.max : sum)
        case .minimum:
            guard let minimum = product.nextMinimum else {
                if product.isClosed { throw .auction(.refused(.auctionClosed)) }
                throw .usage(Self.name, "the server at \(context.configuration.http) states no minimum next bid for product "
                    + "\(productID) (the original backend does not); give a price, e.g. `auction bid \(productID) "
                    + "\(product.currentPrice.saturatingAdding(Money(1)))`; nothing was sent")
            }
            return minimum
        }
    }

    /// The product as the catalogue has it now (current price, minimum raise), over HTTP.
    private func currentProduct(_ context: CommandContext) async throws(CommandError) -> Product {
        try await Self.product(productID, in: context)
    }

    /// Product `id` as the catalogue has it now, over HTTP; `no product` is a refusal (exit 1).
    static func product(_ id: ProductID, in context: CommandContext) async throws(CommandError) -> Product {
        try await context.withCatalogue { (repository) throws(CommandError) -> Product in
            do throws(AuctionError) {
                return try await repository.detail(of: id).product
            } catch .notFound {
                throw .auction(.notFound("product \(id)"))
            } catch {
                throw .auction(error)
            }
        }
    }

    private func reportUnknown(_ context: CommandContext) -> ExitCode {
        let text = "outcome unknown: the bid was sent but no answer came; check with `auction show \(productID)`"
        if json {
            report(context, outcome: "unknown", text: text, fields: [("message", .string(text))])
        } else {
            context.console.error(text)
        }
        return .unknownOutcome
    }

    private func report(_ context: CommandContext, outcome: String, text: String, fields: [(String, JSONValue)]) {
        guard json else { return context.console.print(text) }
        let members: [(String, JSONValue)] = [("outcome", .string(outcome)), ("product_id", .int(Int64(productID.rawValue))),
                                              ("offered", .int(price.minorUnits))]
            + (maximum.map { [("maximum", .int($0.minorUnits))] } ?? []) + fields
        context.console.printJSON(.object(JSONObject(members)))
    }
}
