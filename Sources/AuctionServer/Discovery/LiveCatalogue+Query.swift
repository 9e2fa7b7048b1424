import AuctionCore
import AuctionInfrastructure

extension LiveCatalogue {
    /// Runs catalogue queries: the store orders and filters the committed rows (schema 6's indexes),
    /// then each lot is shown as it stands in memory now (the live price, end and bid count). Each page's
    /// index walk visits at most `rowBudget` rows.
    func queryRunner(clock: any TimeSource, rowBudget: Int = CatalogueStore.queryRowBudget) -> QueryEndpoints.Run {
        { [self] (query) throws(AuctionError) -> QueryEndpoints.QueryAnswer in
            let page: CatalogueQueryPage
            var total: Int?
            do throws(StoreError) {
                let now = clock.now()
                page = try store.query(query, now: now, rowBudget: rowBudget)
                // Counted on the first page only: the client keeps the figure while it follows the cursor.
                if query.cursor == nil { total = try store.queryTotal(query, now: now) }
            } catch {
                throw .server(status: error.httpStatusCode, message: error.description)
            }
            let products = page.ids.compactMap { product($0) }
            var counts: [ProductID: Int] = [:]
            for product in products { counts[product.id] = bidCount(of: product.id) }
            return QueryEndpoints.QueryAnswer(products: products, sellers: page.sellers, bidCounts: counts, next: page.next, total: total)
        }
    }
}

extension LiveCatalogue {
    /// Runs request 13's queries on the catalogue readers: the ids on the first `pages` pages (each
    /// walking at most `rowBudget` rows).
    func pageRunner(clock: any TimeSource, rowBudget: Int = CatalogueStore.queryRowBudget,
                    offload: @escaping CatalogueEndpoints.Offload) -> SocketService.QueryPages {
        { [store] query, pages, done in
            offload {
                var ids: [ProductID] = []
                var page = query
                do throws(StoreError) {
                    for _ in 0..<pages {
                        let found = try store.query(page, now: clock.now(), rowBudget: rowBudget)
                        ids += found.ids
                        guard let next = found.next else { break }
                        page.cursor = next
                    }
                    done(ids)
                } catch {
                    done(nil)
                }
            }
        }
    }
}
