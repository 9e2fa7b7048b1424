/// Loads a discovery query's pages by following the server's cursors (keyset paging: never offsets).
public struct LoadQueryPages: Sendable {
    /// Where the pages come from.
    public let queries: any CatalogueQueryRepository

    /// A use case over a repository.
    public init(queries: any CatalogueQueryRepository) { self.queries = queries }

    /// The query's first `count` pages (fewer when its answer ends first; at least the first page, even empty).
    public func first(_ count: Int, of query: CatalogueQuery) async throws(AuctionError) -> [CatalogueQueryPage] {
        var pages: [CatalogueQueryPage] = []
        var cursor: String?
        repeat {
            let page = try await queries.query(query, cursor: cursor)
            pages.append(page)
            guard let next = page.nextCursor, next != cursor, !page.products.isEmpty else { break }
            cursor = next
        } while pages.count < count
        return pages
    }

    /// The page after `cursor`.
    public func page(after cursor: String, of query: CatalogueQuery) async throws(AuctionError) -> CatalogueQueryPage {
        try await queries.query(query, cursor: cursor)
    }
}
