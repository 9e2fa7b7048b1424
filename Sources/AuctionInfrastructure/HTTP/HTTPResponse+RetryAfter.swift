/// `Retry-After` on refusals that a client may repeat later (busy, rate limited, store unavailable).
extension HTTPResponse {
    /// This response with `Retry-After: seconds`.
    public func retryingAfter(seconds: Int64) -> HTTPResponse {
        var response = self
        response.headers.add(name: "Retry-After", value: String(max(0, seconds)))
        return response
    }

    /// This response with `Retry-After` of `milliseconds` rounded up to whole seconds.
    public func retryingAfter(milliseconds: Int64) -> HTTPResponse {
        retryingAfter(seconds: milliseconds / 1_000 + (milliseconds % 1_000 > 0 ? 1 : 0))
    }
}
