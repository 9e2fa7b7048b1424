import AuctionTestSupport

/// One HTTP/1.1 request over a socket bound to a chosen loopback source address (127.0.x.y), to
/// test limits keyed on the client's address and network without leaving loopback. Blocking:
/// call it through `offPool`.
enum SourceBoundHTTP {
    /// The response's status line and body, or nil when the exchange failed.
    static func post(port: Int, from source: String, path: String, json body: String) -> (status: String, body: String)? {
        LoopbackHTTP.exchange(port: port, "POST", path, json: body, from: source).map { ($0.statusLine, $0.body) }
    }
}
