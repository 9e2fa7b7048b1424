import AuctionCore
import AuctionInfrastructure

extension HTTPClient {
    /// Sends `request` and returns the answer, whatever its status; a transport failure is an `AuctionError`.
    /// `repeatable` as in `send` (whether another server may be tried when this one gave no answer).
    public func exchange(_ request: HTTPRequest, repeatable: Bool? = nil) async throws(AuctionError) -> HTTPResponse {
        do throws(HTTPError) {
            return try await send(request, repeatable: repeatable)
        } catch {
            throw error.auctionError
        }
    }
}
