import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction buy <id> [--yes] [--json]`: buys a product now at its buy-now price (request 12) after
/// confirming on the terminal; outcomes and exit codes as `bid`'s (0 bought, 1 refused, 4 unknown,
/// 5 not confirmed). A product without a buy-now price is refused before anything is sent.
public struct BuyCommand: ParsableCommand {
    /// `buy`.
    public static let name = "buy"
    /// What `buy` does, for help.
    public static let summary = "buy a product now at its buy-now price"
    /// `buy`'s help page.
    public static let discussion = """
        Uses the saved login. Shows the buy-now price and asks on a terminal (--yes skips; without a
        terminal and --yes nothing is sent: exit 5). The option ends once bidding has begun (with a
        reserve: once it is met). Exit 1 when refused, 4 when no reply came (after one retry).
        """
    /// The product bought.
    @Argument("id", help: "the product's id")
    public var productID: ProductID
    /// Whether to skip the question (`--yes`).
    @Flag("yes", help: "buy without asking first")
    public var yes: Bool
    /// Whether to print JSON.
    @Flag("json", help: "print the outcome as JSON")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the buy-now price, asks, sends the buy with a fresh idempotency key and prints the outcome.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let product = try await BidCommand.product(productID, in: context)
        if let refusal = product.status?.refusal { throw .refused("product \(productID): \(refusal.explanation); nothing was sent") }
        guard !product.isClosed else { throw .refused("product \(productID) has ended; nothing was sent") }
        guard let price = product.buyNowPrice else {
            throw .refused("product \(productID) cannot be bought now: it has no buy-now price (none was set, or bidding has begun); nothing was sent")
        }
        let what = "buying product \(productID) (\(TerminalText.sanitized(product.name))) now for \(price)"
        guard context.confirmed("Buy product \(productID) (\(TerminalText.sanitized(product.name))) now for \(price)? [y/N] ",
                                yes: yes, noTerminal: what + " needs confirming") else { return .notConfirmed }
        let login = try await SavedLoginLookup.load(context)
        let link = try await BidLink.open(context, login: login)
        defer { link.close() }
        guard link.capabilities.supports(.proxyBids) else {
            throw .usage(Self.name, "buying now needs a server that offers it; the server at \(context.configuration.socket) "
                + (link.capabilities.dialect == .original ? "speaks the original protocol" : "does not offer proxy-bids")
                + "; nothing was sent")
        }
        let id = productID, key = try link.freshKey()
        guard let answer = try await link.exchange({ (bids) throws(AuctionError) in try await bids.buyNow(id, idempotencyKey: key) }) else {
            let text = "outcome unknown: the buy was sent but no answer came; check with `auction show \(productID)`"
            if json { report(context, outcome: "unknown", price: price, fields: [("message", .string(text))]) } else { context.console.error(text) }
            return .unknownOutcome
        }
        context.keep(answer.receipts)
        switch answer.outcome {
        case .accepted(let paid):
            let text = "bought: product \(productID) for \(paid.minorUnits > 0 ? paid : price)"
            if json { report(context, outcome: "accepted", price: price, fields: [("price", .int((paid.minorUnits > 0 ? paid : price).minorUnits))]) } else { context.console.print(text) }
        case .refused(.suspended, _):  // the server's sentence: why, and until when
            throw .notLoggedIn(answer.suspensionMessage.map { TerminalText.sanitized($0) } ?? RefusalReason.suspended.explanation)
        case .refused(.unauthenticated, _):
            throw .notLoggedIn(login.map {
                "the saved login for `\($0.name)` was not accepted (expired or logged out); run `auction login \($0.name)` again"
            } ?? "buying needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        case .refused(let reason, let current):
            let text = OutcomeText.bid(answer.outcome, productID: productID)
            if json {
                report(context, outcome: "refused", price: price, fields: [
                    ("reason", .string(reason.rawValue)), ("message", .string(reason.explanation)),
                    ("current_price", current.map { .int($0.minorUnits) } ?? .null),
                ])
            } else {
                context.console.print(text)
            }
        }
        return OutcomeText.exitCode(for: answer.outcome)
    }

    private func report(_ context: CommandContext, outcome: String, price: Money, fields: [(String, JSONValue)]) {
        context.console.printJSON(.object(JSONObject([("outcome", .string(outcome)), ("product_id", .int(Int64(productID.rawValue))),
                                                      ("buy_now_price", .int(price.minorUnits))] + fields)))
    }
}
