import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction bid <id> <price|+raise> [--min] [--json]`: places a bid over the socket (logging in first
/// with the saved login, if any) and reports accepted, refused (why, the current price and the minimum
/// next bid) or unknown (exit 4).
public struct BidCommand: Command {
    /// `bid`.
    public static let name = "bid"
    /// `<id>`.
    public static let idArgument = Argument<ProductID>("id", help: "the product's id")
    /// `[<price>]`, absolute or `+N`.
    public static let priceArgument = Argument<BidOffer>(bidPrice: "price", help: "the price offered, e.g. 35000 or 35,000; +1000 raises the current price",
                                                         isOptional: true)
    /// `--min`.
    public static let minimumFlag = Flag("min", help: "bid the minimum next bid (current price + minimum raise)")
    /// `--json`.
    public static let jsonFlag = Flag("json", help: "print the outcome as JSON")
    /// `bid`'s options, arguments and help, from the keys above.
    public static let spec = CommandSpec(name, summary: "bid on a product", options: [minimumFlag.spec, jsonFlag.spec],
                                         arguments: [idArgument.spec, priceArgument.spec], discussion: """
                                         Uses the saved login (see `auction login`). Give <price> or --min. Exit 1 when refused,
                                         4 when no reply came; a refusal says the minimum next bid.
                                         """)
    /// The product bid on.
    public var productID: ProductID
    /// The price offered (for `+N` and `--min`, known once the current price is read).
    public var price: Money
    /// How the price was given: as is, as a raise over the current price, or the minimum next bid.
    public var offer: BidOffer
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `<id>`, `<price>` (or `+N`), `--min` and `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        guard let id = invocation[Self.idArgument] else { throw .usage(Self.name, "`bid` needs <id> <price>") }
        productID = id
        json = invocation[Self.jsonFlag]
        let given = invocation[Self.priceArgument]
        if invocation[Self.minimumFlag] {
            guard given == nil else { throw .usage(Self.name, "give <price> or `--min`, not both") }
            offer = .minimum
        } else if let given {
            offer = given
        } else {
            throw .usage(Self.name, "`bid` needs <price> (or +N, or `--min`)")
        }
        if case .price(let given) = offer { price = given } else { price = .zero }
    }

    /// Sends the bid and prints its outcome.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        var command = self
        if offer != .price(price) { command.price = try await offeredPrice(context) }
        let login = try await SavedLoginLookup.load(context)
        let client = try context.socketClient(reconnects: false)
        defer { client.close() }
        let session = context.socketSession()
        session.token = login?.token
        session.install(on: client)
        client.start()
        let userID = try await bidderID(context, session: session, client: client, login: login)
        return try await command.place(client: client, userID: userID, login: login, context: context)
    }

    /// Sends the bid at `price` (as `userID`, for the original backend) and reports its outcome.
    private func place(client: SocketClient, userID: UserID?, login: LoginCredential?,
                       context: CommandContext) async throws(CommandError) -> ExitCode {
        let bid = Bid(productID: productID, price: price)
        let answer: BidAnswer
        do {
            // The price is positive by construction (parsed, or current price + a positive raise), as `PlaceBid` requires.
            answer = try await SocketBidRepository(client: client, userID: userID).placeExplained(bid)
        } catch .timedOut, .connectionLost {
            return reportUnknown(context)
        } catch {
            throw .auction(error)
        }
        let outcome = answer.outcome
        switch outcome {
        case .accepted(let newPrice):
            report(context, outcome: "accepted", text: OutcomeText.bid(outcome, productID: productID),
                   fields: [("price", .int(newPrice.minorUnits))])
        case .refused(.unauthenticated, _):
            throw .notLoggedIn(login.map {
                "the saved login for `\($0.name)` was not accepted (expired or logged out); run `auction login \($0.name)` again"
            } ?? "bidding needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        case .refused(let reason, let known):
            // The original backend's refusals carry no price (nor the minimum): ask the catalogue.
            var current = known, increment = answer.minimumIncrement, minimum = answer.minimumBid
            if (current == nil || (reason == .priceTooLow && minimum == nil)) && reason != .unknownProduct,
               let product = try? await currentProduct(context) {
                current = current ?? product.currentPrice
                increment = increment ?? product.minimumIncrement
            }
            if reason == .priceTooLow, minimum == nil, let current {
                minimum = BidRules.minimumNextBid(current: current, minimumIncrement: increment)
            }
            let told = BidOutcome.refused(reason, currentPrice: current)
            let text = minimum.flatMap { minimum in
                current.map { OutcomeText.belowMinimum(minimum: minimum, current: $0, increment: increment) }
            } ?? OutcomeText.bid(told, productID: productID)
            report(context, outcome: "refused", text: text, fields: [
                ("reason", .string(reason.rawValue)), ("message", .string(reason.explanation)),
                ("current_price", current.map { .int($0.minorUnits) } ?? .null),
                ("minimum_bid", minimum.map { .int($0.minorUnits) } ?? .null),
                ("minimum_increment", increment.map { .int($0.minorUnits) } ?? .null),
            ])
        }
        return OutcomeText.exitCode(for: outcome)
    }

    /// The price for `+N` or `--min`, from the product's current price and minimum raise over HTTP.
    private func offeredPrice(_ context: CommandContext) async throws(CommandError) -> Money {
        let product = try await currentProduct(context)
        switch offer {
        case .price(let given):
            return given
        case .raise(let raise):
            let (sum, overflow) = product.currentPrice.minorUnits.addingReportingOverflow(raise.minorUnits)
            return Money(overflow ? Int64.max : sum)
        case .minimum:
            return BidRules.minimumNextBid(current: product.currentPrice, minimumIncrement: product.minimumIncrement)
        }
    }

    /// The product as the catalogue has it now (current price, minimum raise), over HTTP.
    private func currentProduct(_ context: CommandContext) async throws(CommandError) -> Product {
        let id = productID
        return try await context.withCatalogue { (repository) throws(CommandError) -> Product in
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
                                              ("offered", .int(price.minorUnits))] + fields
        context.console.printJSON(.object(JSONObject(members)))
    }
}
