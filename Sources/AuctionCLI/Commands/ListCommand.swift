import AuctionCore
import AuctionInfrastructure

/// `auction list [--page N] [--all] [--json]`: a catalogue page (or all of them) as a table or JSON.
public struct ListCommand: Command {
    /// `list`.
    public static let name = "list"
    /// The first page to print, from 1.
    public var page: Int
    /// Whether to follow pages until the end.
    public var all: Bool
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `--page`, `--all`, `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        page = invocation.integer("page") ?? 1
        all = invocation.flag("all")
        json = invocation.flag("json")
        if all && invocation.integer("page") != nil {
            throw .usage(Self.name, "`--page` and `--all` cannot be used together")
        }
    }

    /// Loads the page(s) over HTTP and prints them.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
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
