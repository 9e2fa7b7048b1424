import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// A lot's log and the house's keys over HTTP (`GET /products/{id}/log`, `GET /log/keys`), answers
/// mapped to `AuctionError`: a lot's 404 → `notFound("product N")`, the keys' 404 → `server(status: 404, …)`
/// (a server without logs), an answer out of shape → `protocolViolation`.
public struct HTTPLotLogRepository: Sendable {
    /// The most pages read for one lot (10,000 entries a page would be 10 million entries).
    public static let maximumPages = 10_000

    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// One page of `lot`'s log after `after`, with the viewer's alias when `token` is given.
    public func page(of lot: ProductID, after: UInt64, token: String?) async throws(AuctionError) -> LotLogPage {
        let response = try await get("/products/\(lot.rawValue)/log?after=\(after)", token: token, product: lot)
        guard let page = LotLogDTO.page(from: response.body), page.lot == lot else {
            throw AuctionError.protocolViolation("the log of lot \(lot.rawValue) is not {\"lot\",\"entries\",\"next_after\",\"head\"} in range")
        }
        return page
    }

    /// Every page of `lot`'s log, by `next_after`; the last page's head and alias are the ones kept.
    public func log(of lot: ProductID, token: String?) async throws(AuctionError) -> LotLogPage {
        var page = try await page(of: lot, after: 0, token: token)
        var entries = page.entries
        var pages = 1
        var after: UInt64 = 0
        while let next = page.nextAfter {
            // A `next_after` that does not move forward, or a page that holds nothing, would loop for ever.
            guard next > after, !page.entries.isEmpty, pages < Self.maximumPages else {
                throw AuctionError.protocolViolation("the pages of lot \(lot.rawValue)'s log do not move forward")
            }
            after = next
            page = try await self.page(of: lot, after: next, token: token)
            entries += page.entries
            pages += 1
        }
        page.entries = entries
        return page
    }

    /// The house's keys.
    public func keys() async throws(AuctionError) -> [HouseKey] {
        let response = try await get("/log/keys", token: nil, product: nil)
        guard let keys = LotLogDTO.keys(from: response.body) else {
            throw AuctionError.protocolViolation("the /log/keys answer is not {\"keys\":[…]} in range")
        }
        return keys
    }

    private func get(_ path: String, token: String?, product: ProductID?) async throws(AuctionError) -> HTTPResponse {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await client.exchange(HTTPRequest(method: .get, target: path, headers: headers))
        guard response.status.isSuccess else {
            // A server without logs answers 404 too; `keys()` (asked first) tells it apart.
            if response.status.code == 404, let product { throw AuctionError.notFound("product \(product.rawValue)") }
            throw AuctionError.server(status: response.status.code, message: "\(path): \(response.status.reasonPhrase)")
        }
        return response
    }
}
