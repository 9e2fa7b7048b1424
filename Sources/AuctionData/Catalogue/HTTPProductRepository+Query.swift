import AuctionCore
import AuctionInfrastructure

/// Discovery: `GET /products/query` (ours) with keyset cursors.
extension HTTPProductRepository: CatalogueQueryRepository {
    /// The page after `cursor` of `query`'s answer; a server without the endpoint answers `404` (kept as
    /// `.server(status: 404, …)`), a refused parameter `400` (`.server(status: 400, …)` with its message).
    public func query(_ query: CatalogueQuery, cursor: String?) async throws(AuctionError) -> CatalogueQueryPage {
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.get(CatalogueQueryDTO.path(of: query, cursor: cursor))
        } catch {
            throw error.auctionError
        }
        guard response.status.code == 200 else { throw failure(response) }
        return try decode { () throws(CatalogueError) in try CatalogueQueryDTO.page(from: response.body) }
    }
}
