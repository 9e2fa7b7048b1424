import AuctionCore
import AuctionInfrastructure

/// `auction list [--page N] [--all] [--json] [--search TEXT] [--sort …] [filters]`: a catalogue page (or all of
/// them) as a table or JSON; with discovery options, the query's pages (`ListCommand+Query`).
public struct ListCommand: ParsableCommand {
    /// `list`.
    public static let name = "list"
    /// What `list` does, for help.
    public static let summary = "print a page of the catalogue"
    /// `list`'s help page.
    public static let discussion = """
        Columns: id, name, current price, change since the previous price, bids, start price, time
        left (`ended` once closed); a narrow terminal drops whole columns, never part of a price. On
        a terminal the table ends with its position (`lots 16–30 of 1,204`). --json adds `bid_count`,
        `closed` and `winner`.
        --search, --sort, --ending-within, --min-price, --max-price, --seller and --status
        (other than open) ask the server's query endpoint, paged by cursor: --page N walks
        N pages (N up to 100), --all follows them to the end (up to 1,000 pages). A server
        without the endpoint (the original backend) refuses them: exit 2.
        """
    /// The first page to print, from 1.
    @Option("page", range: 1...1_000_000, valueName: "N", help: "the page to print, from 1 (default 1)")
    public var page = 1
    /// Whether to follow pages until the end.
    @Flag("all", help: "follow pages until the end")
    public var all: Bool
    /// Whether to print JSON.
    @Flag("json", help: "print one JSON document for scripts")
    public var json: Bool
    /// `--search`, `--sort` and the filters, as given.
    public var discovery = DiscoveryOptions()
    /// The discovery query (plain: the original endpoints serve the page).
    public var query = CatalogueQuery()

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the query; refuses `--page` with `--all`, and a query's page walk past its bound.
    public mutating func validate() throws(CommandError) {
        query = try discovery.query(command: Self.name)
        if !query.isPlain && page > Self.maximumQueryPageWalk {
            throw .usage(Self.name, "with a query, --page walks the pages by cursor and goes up to \(Self.maximumQueryPageWalk); narrow the query instead")
        }
        if all && $page.wasGiven {
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
            // On a terminal, where these rows sit in the catalogue (the server's count); never into a pipe.
            if console.outputIsTerminal, let firstPage = pages.first {
                let start = firstPage.index * ProductPage.size
                let more = !all && products.count == ProductPage.size
                console.print(lines: [ScreenPaging.positionLabel(shown: start..<(start + products.count), total: pages.last?.total, more: more)])
            }
        }
        return .success
    }
}
