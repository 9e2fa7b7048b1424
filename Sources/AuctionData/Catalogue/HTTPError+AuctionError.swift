import AuctionCore
import AuctionInfrastructure

extension HTTPError {
    /// The domain error for a failed exchange with the catalogue service.
    public var auctionError: AuctionError {
        switch self {
        case .unreachable(let address, let detail): .unreachable(address: address, detail: detail)
        case .invalidURL(let text): .unreachable(address: text, detail: "not a URL of the form http://host:port")
        case .responseTimeout: .timedOut
        case .connectionClosed: .connectionLost
        case .malformedResponse, .responseTooLarge: .protocolViolation(description)
        case .requestLineTooLong, .headersTooLarge, .bodyTooLarge, .malformedRequest,
             .unsupportedTransferEncoding, .unsupportedVersion, .requestTimeout:
            .server(status: status?.code ?? 400, message: description)
        }
    }
}
