import AuctionCore
import AuctionInfrastructure

/// `list` with discovery options: the query endpoint, paged by cursor.
extension ListCommand {
    /// The furthest `--page` walked with a query (each page is one request following the previous cursor).
    public static let maximumQueryPageWalk = 100
    /// The most pages `--all` follows with a query; past it the list stops with a note on stderr.
    public static let maximumQueryPages = 1_000

    /// Loads the query's page `page` (walking the cursors before it) or, with `--all`, every page, and prints them.
    func runQuery(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let query = self.query
        let count = all ? Self.maximumQueryPages : page
        let loaded = try await context.withCatalogue { (repository) throws(CommandError) -> [CatalogueQueryPage] in
            do throws(AuctionError) {
                return try await LoadQueryPages(queries: repository).first(count, of: query)
            } catch {
                throw context.queryFailure(error)
            }
        }
        let console = context.console
        if all && loaded.count == Self.maximumQueryPages && loaded.last?.nextCursor != nil {
            console.error("stopped after \(Self.maximumQueryPages) pages; narrow the query to see the rest")
        }
        let numbered = all ? Array(loaded.enumerated()) : loaded.count == page ? [(page - 1, loaded[page - 1])] : []
        if numbered.isEmpty && page > 1 {
            throw .auction(.notFound("page \(page): the query's answer ends before it (try `auction list --all`)"))
        }
        let products = numbered.flatMap(\.1.products)
        if json {
            let document = JSONValue.object(JSONObject([
                ("pages", .array(numbered.map { .int(Int64($0.0 + 1)) })),
                ("products", .array(products.map(ProductJSON.product))),
                ("next_cursor", numbered.last?.1.nextCursor.map { .string($0) } ?? .null),
            ]))
            console.printJSON(document)
        } else if products.isEmpty {
            console.error("no lots match the query")
        } else {
            console.print(lines: ListTable.render(products, width: console.size?.columns, color: console.color,
                                                  now: CommandContext.now()))
            if console.outputIsTerminal, let first = numbered.first {
                let start = loaded.prefix(first.0).reduce(0) { $0 + $1.products.count }
                console.print(lines: [ScreenPaging.positionLabel(shown: start..<(start + products.count), total: loaded.first?.total,
                                                                 more: numbered.last?.1.nextCursor != nil)])
            }
        }
        return .success
    }
}
