import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction bid <id> <price> [--json]`: places a bid over the socket (logging in first with the saved
/// login, if any) and reports accepted, refused (why, and the current price) or unknown (exit 4).
public struct BidCommand: Command {
    /// `bid`.
    public static let name = "bid"
    /// The product bid on.
    public var productID: ProductID
    /// The price offered.
    public var price: Money
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `<id>`, `<price>` and `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        guard let id = invocation.productID("id"), let price = invocation.price("price") else {
            throw .usage(Self.name, "`bid` needs <id> <price>")
        }
        productID = id
        self.price = price
        json = invocation.flag("json")
    }

    /// Sends the bid and prints its outcome.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let login = try await SavedLoginLookup.load(context)
        let client = try context.socketClient(reconnects: false)
        defer { client.close() }
        let session = context.socketSession()
        session.token = login?.token
        session.install(on: client)
        client.start()
        let userID = try await bidderID(context, session: session, client: client, login: login)
        let bid = Bid(productID: productID, price: price)
        let outcome: BidOutcome
        do {
            outcome = try await PlaceBid(bids: SocketBidRepository(client: client, userID: userID))(bid)
        } catch .timedOut, .connectionLost {
            return reportUnknown(context)
        } catch {
            throw .auction(error)
        }
        switch outcome {
        case .accepted(let newPrice):
            report(context, outcome: "accepted", text: OutcomeText.bid(outcome, productID: productID),
                   fields: [("price", .int(newPrice.minorUnits))])
        case .refused(.unauthenticated, _):
            throw .notLoggedIn(login.map {
                "the saved login for `\($0.name)` was not accepted (expired or logged out); run `auction login \($0.name)` again"
            } ?? "bidding needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        case .refused(let reason, let known):
            // The original backend's refusals carry no price: ask the catalogue for it.
            var current = known
            if current == nil && reason != .unknownProduct { current = try? await currentPrice(context) }
            let told = BidOutcome.refused(reason, currentPrice: current)
            report(context, outcome: "refused", text: OutcomeText.bid(told, productID: productID), fields: [
                ("reason", .string(reason.rawValue)), ("message", .string(reason.explanation)),
                ("current_price", current.map { .int($0.minorUnits) } ?? .null),
            ])
        }
        return OutcomeText.exitCode(for: outcome)
    }

    /// The product's current price over HTTP, for servers whose refusals do not carry it.
    private func currentPrice(_ context: CommandContext) async throws(CommandError) -> Money {
        let id = productID
        return try await context.withCatalogue { (repository) throws(CommandError) -> Money in
            do throws(AuctionError) {
                return try await repository.detail(of: id).product.currentPrice
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
        context.console.output.write(JSONValue.object(JSONObject(members)).serialized() + [UInt8(ascii: "\n")])
    }
}
