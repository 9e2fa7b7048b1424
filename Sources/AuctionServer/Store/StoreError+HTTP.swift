import AuctionCore

/// How a store failure reads over HTTP: `503` (try again, perhaps on another node) when the store
/// could not be reached, `500` for anything else.
extension StoreError {
    /// Whether the store could not be reached (nothing was read or written).
    var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// The status an endpoint answers this failure with.
    var httpStatusCode: Int { isUnavailable ? 503 : 500 }
}

extension AuctionError {
    /// Whether this is a store that could not be reached (`503`), so the answer should say `unavailable`.
    var isStoreUnavailable: Bool {
        if case .server(503, _) = self { return true }
        return false
    }
}
