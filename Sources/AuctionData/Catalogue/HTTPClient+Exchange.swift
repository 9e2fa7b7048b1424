import AuctionCore
import AuctionInfrastructure

extension HTTPClient {
    /// Sends `request` and returns the answer, whatever its status; a transport failure is an `AuctionError`.
    public func exchange(_ request: HTTPRequest) async throws(AuctionError) -> HTTPResponse {
        do throws(HTTPError) {
            return try await send(request)
        } catch {
            throw error.auctionError
        }
    }
}
