import AuctionCore
import AuctionInfrastructure

extension HTTPClient {
    /// A client for the service at `baseURL` (e.g. `http://127.0.0.1:3100`); a malformed URL is an `AuctionError`.
    public init(checkedBaseURL baseURL: String, configuration: Configuration = .init(), loop: EventLoop) throws(AuctionError) {
        let url: HTTPBaseURL
        do throws(HTTPError) {
            url = try HTTPBaseURL(parsing: baseURL)
        } catch {
            throw error.auctionError
        }
        self.init(baseURL: url, configuration: configuration, loop: loop)
    }
}
