import AuctionCore
import AuctionData

/// The query effects of `watch` (`/`, `s`, the query's pages and its list state, request 13).
extension WatchSession {
    /// Performs `.loadQueryPage`, `.requery` or `.announceQuery` in a task that reports back on `continuation`.
    func perform(query effect: WatchEffect, continuation: AsyncStream<WatchEvent>.Continuation) -> Task<Void, Never> {
        Task { [self] in
            switch effect {
            case .loadQueryPage(let index, let query, let cursor):
                do throws(AuctionError) {
                    let page = try await LoadQueryPages(queries: try queries()).page(after: cursor, of: query)
                    continuation.yield(.queryPageLoaded(index: index, query, page))
                } catch {
                    continuation.yield(.loadFailed(CommandError.describe(error)))
                }
            case .requery(let query):
                do throws(AuctionError) {
                    continuation.yield(.queried(query, try await firstPage(of: query)))
                } catch {
                    continuation.yield(.queryFailed(Self.describeQueryFailure(error)))
                }
            case .announceQuery(let query, let pages):
                socketSession.loadedPages = pages
                if query.isPlain {
                    socketSession.query = nil
                    _ = try? await feed.setLoadedPages(pages)
                } else if let queryFeed = feed as? any QueryStateFeed {
                    _ = try? await queryFeed.setQueryState(query, pages: pages)
                }
            default:
                break
            }
        }
    }

    /// Loads the shown query's first `pages` pages again, then reports `.queryReloaded`.
    func reloadQuery(_ query: CatalogueQuery, pages: Int, continuation: AsyncStream<WatchEvent>.Continuation) -> Task<Void, Never> {
        Task { [self] in
            do throws(AuctionError) {
                let loaded = try await LoadQueryPages(queries: try queries()).first(max(1, pages), of: query)
                continuation.yield(.queryReloaded(query, loaded))
            } catch {
                continuation.yield(.reloadFailed("reload failed: " + CommandError.describe(error)))
            }
        }
    }

    /// The query's first page; the plain catalogue's first page from the original endpoint when plain.
    private func firstPage(of query: CatalogueQuery) async throws(AuctionError) -> [CatalogueQueryPage] {
        guard query.isPlain else { return try await LoadQueryPages(queries: try queries()).first(1, of: query) }
        let products = try await catalogue.page(0)?.products ?? []
        return [CatalogueQueryPage(products: products, nextCursor: nil)]
    }

    /// The catalogue as a query repository (the HTTP one is).
    private func queries() throws(AuctionError) -> any CatalogueQueryRepository {
        guard let queries = catalogue as? any CatalogueQueryRepository else {
            throw .server(status: 404, message: "no query endpoint")
        }
        return queries
    }

    /// A failed query in the status line's words: a server without the endpoint says so plainly.
    static func describeQueryFailure(_ error: AuctionError) -> String {
        switch error {
        case .server(status: 404, _), .server(status: 405, _): "searching and sorting are not supported by this server"
        case .server(status: 400, let message): "the server refused the query: " + TerminalText.sanitized(message)
        default: "query failed: " + CommandError.describe(error)
        }
    }
}
