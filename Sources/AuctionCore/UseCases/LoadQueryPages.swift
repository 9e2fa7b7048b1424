/// Loads a discovery query's pages by following the server's cursors (keyset paging: never offsets).
///
/// A server ends a page early when it has read its row budget (docs/PROTOCOL.md, "Short pages"): such a
/// page may be short or even empty and still carry a cursor. An empty page with a cursor is followed at
/// once and never shown as a page of its own (at most `maximumEmptyPages` in a row, then it is the answer).
public struct LoadQueryPages: Sendable {
    /// Empty pages with a cursor followed in a row before one is returned as it is.
    public static let maximumEmptyPages = 64

    /// Where the pages come from.
    public let queries: any CatalogueQueryRepository

    /// A use case over a repository.
    public init(queries: any CatalogueQueryRepository) { self.queries = queries }

    /// The query's first `count` pages (fewer when its answer ends first; at least the first page, even empty).
    public func first(_ count: Int, of query: CatalogueQuery) async throws(AuctionError) -> [CatalogueQueryPage] {
        var pages: [CatalogueQueryPage] = []
        var cursor: String?
        repeat {
            let page = try await filled(query, after: cursor)
            pages.append(page)
            guard let next = page.nextCursor, next != cursor, !page.products.isEmpty else { break }
            cursor = next
        } while pages.count < count
        return pages
    }

    /// The page after `cursor`.
    public func page(after cursor: String, of query: CatalogueQuery) async throws(AuctionError) -> CatalogueQueryPage {
        try await filled(query, after: cursor)
    }

    /// The page after `cursor`, empty pages the server ended early followed.
    private func filled(_ query: CatalogueQuery, after cursor: String?) async throws(AuctionError) -> CatalogueQueryPage {
        var page = try await queries.query(query, cursor: cursor)
        // The server counts on the first request only: the count survives the empty pages followed.
        let total = page.total
        var last = cursor, followed = 0
        while page.products.isEmpty, let next = page.nextCursor, next != last, followed < Self.maximumEmptyPages {
            last = next
            page = try await queries.query(query, cursor: next)
            followed += 1
        }
        page.total = page.total ?? total
        return page
    }
}
