import AuctionCore

/// What can go wrong reading or writing the catalogue's HTTP payloads.
public enum CatalogueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not JSON; the detail comes from the JSON parser.
    case invalidJSON(String)
    /// A required field is missing or has the wrong type; names the field's path, e.g. `Product_Price.price`.
    case invalidField(String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .invalidJSON(let detail): "the catalogue answer is not valid JSON: \(detail)"
        case .invalidField(let path): "the catalogue answer has a missing or invalid field '\(path)'"
        }
    }

    /// The domain error a repository reports for this.
    public var auctionError: AuctionError { .protocolViolation(description) }
}
