import AuctionCore
import AuctionInfrastructure

/// `auction list [--page N] [--all] [--json] [--search TEXT] [--sort …] [filters]`: a catalogue page (or all of
/// them) as a table or JSON; with discovery options, the query's pages (`ListCommand+Query`).
public struct ListCommand: Command {
    /// `list`.
    public static let name = "list"
    /// `--page N`.
    public static let pageOption = OptionKey<Int>("page", range: 1...1_000_000, valueName: "N", help: "the page to print, from 1 (default 1)")
    /// `--all`.
    public static let allFlag = FlagKey("all", help: "follow pages until the end")
    /// `--json`.
    public static let jsonFlag = FlagKey("json", help: "print one JSON document for scripts")
    /// `list`'s options and help, from the keys above.
    public static let spec = CommandSpec(name, summary: "print a page of the catalogue", options: [pageOption.spec, allFlag.spec, jsonFlag.spec] + DiscoveryOptions.specs,
                                         discussion: """
                                         Columns: id, name, current price, change since the previous price, start price, time left
                                         (`ended` once closed). --json adds `closed` and `winner`.
                                         --search, --sort, --ending-within, --min-price, --max-price, --seller and --status
                                         (other than open) ask the server's query endpoint, paged by cursor: --page N walks
                                         N pages (N up to 100), --all follows them to the end (up to 1,000 pages). A server
                                         without the endpoint (the original backend) refuses them: exit 2.
                                         """)
    /// The first page to print, from 1.
    public var page: Int
    /// Whether to follow pages until the end.
    public var all: Bool
    /// Whether to print JSON.
    public var json: Bool
    /// The discovery query (plain: the original endpoints serve the page).
    public var query = CatalogueQuery()

    /// Reads `--page`, `--all`, `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        page = invocation[Self.pageOption] ?? 1
        all = invocation[Self.allFlag]
        json = invocation[Self.jsonFlag]
        query = try DiscoveryOptions.query(invocation, command: Self.name)
        if !query.isPlain && page > Self.maximumQueryPageWalk {
            throw .usage(Self.name, "with a query, --page walks the pages by cursor and goes up to \(Self.maximumQueryPageWalk); narrow the query instead")
        }
        if all && invocation[Self.pageOption] != nil {
            throw .usage(Self.name, "`--page` and `--all` cannot be used together")
        }
    }

    /// Loads the page(s) over HTTP and prints them.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        if !query.isPlain { return try await runQuery(in: context) }
        let first = page - 1
        let all = self.all
        let pages = try await context.withCatalogue { (repository) throws(CommandError) -> [ProductPage] in
            do throws(AuctionError) {
                let catalogue = LoadCatalogue(products: repository)
                return all ? try await catalogue.all() : try await catalogue.pages(from: first, count: 1)
            } catch {
                throw .auction(error)
            }
        }
        if pages.isEmpty && page > 1 {
            throw .auction(.notFound("page \(page): the catalogue ends before it (try `auction list --all`)"))
        }
        let products = pages.flatMap(\.products)
        let console = context.console
        if json {
            let document = JSONValue.object(JSONObject([
                ("pages", .array(pages.map { .int(Int64($0.index + 1)) })),
                ("products", .array(products.map(ProductJSON.product))),
            ]))
            console.printJSON(document)
        } else if products.isEmpty {
            console.error("the catalogue is empty")
        } else {
            console.print(lines: ListTable.render(products, width: console.size?.columns, color: console.color,
                                                      now: CommandContext.now()))
        }
        return .success
    }
}
