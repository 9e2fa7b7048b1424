import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction watchlist add <id> | remove <id> | list [--json]`: the logged-in user's watchlist, kept
/// on the server (`auction watch --watchlist` streams it).
public struct WatchlistCommand: ParsableCommand {
    /// What to do with the watchlist.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// Add a product.
        case add
        /// Remove a product.
        case remove
        /// Print the list.
        case list
    }

    /// `watchlist`.
    public static let name = "watchlist"
    /// What `watchlist` does, for help.
    public static let summary = "add, remove or list the products on your watchlist"
    /// `watchlist`'s help page.
    public static let discussion = """
        Kept on the server for your account (needs a login); at most 500 products. Adding a
        product already there, or removing one that is not, changes nothing. An unknown id
        exits 1. `auction watch --watchlist` shows live prices for exactly these products.
        """
    /// `<action>` as given (`action` is what it names).
    @Argument(text: "action", help: "add, remove or list (the default)", choices: Action.allCases.map(\.rawValue))
    public var actionName: String?
    /// The product added or removed (nil for `list`).
    @Argument("id", help: "the product's id (for add and remove)")
    public var productID: ProductID?
    /// Whether to print JSON (`list`).
    @Flag("json", help: "print the list as JSON ({\"product_ids\":[…]})")
    public var json: Bool
    /// What to do.
    public var action = Action.list

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the action and refuses an `<id>` or `--json` that does not go with it.
    public mutating func validate() throws(CommandError) {
        guard let action = Action(rawValue: actionName ?? Action.list.rawValue) else {
            throw .usage(Self.name, "`watchlist` needs add <id>, remove <id> or list")
        }
        self.action = action
        if action == .list, productID != nil { throw .usage(Self.name, "`watchlist list` takes no <id>") }
        if action != .list, productID == nil { throw .usage(Self.name, "`watchlist \(action.rawValue)` needs <id>") }
        if action != .list, json { throw .usage(Self.name, "`--json` goes with `watchlist list`") }
    }

    /// Changes or prints the watchlist.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let action = self.action, id = productID
        let ids = try await context.withBidder("the watchlist") { (repository, token) throws(AuctionError) -> [ProductID] in
            switch action {
            case .add: if let id { try await repository.watch(id, token: token) }
            case .remove: if let id { try await repository.unwatch(id, token: token) }
            case .list: return try await repository.watchlist(token: token)
            }
            return []
        }
        let console = context.console
        switch action {
        case .add: console.print("product \(productID?.rawValue ?? 0) is on your watchlist")
        case .remove: console.print("product \(productID?.rawValue ?? 0) is not on your watchlist")
        case .list where json: console.printJSON(BidderDTO.watchlistJSON(ids))
        case .list where ids.isEmpty: console.error("your watchlist is empty: add a product with `auction watchlist add <id>`")
        case .list:
            let products = try await Self.products(ids, in: context)
            console.print(lines: ListTable.render(products, width: console.size?.columns, color: console.color, now: CommandContext.now()))
        }
        return .success
    }

    /// The watched products as the catalogue has them now (name, price, time left), in watchlist order;
    /// one the catalogue no longer has is left out.
    static func products(_ ids: [ProductID], in context: CommandContext) async throws(CommandError) -> [Product] {
        try await context.withCatalogue { (repository) throws(CommandError) -> [Product] in
            var products: [Product] = []
            for id in ids {
                do throws(AuctionError) {
                    products.append(try await repository.detail(of: id).product)
                } catch .notFound {
                    continue
                } catch {
                    throw .auction(error)
                }
            }
            return products
        }
    }
}
