/// Delivers the response to one request; call `respond` exactly once, from any thread
/// (later calls are ignored).
public struct HTTPResponder: Sendable {
    private let deliver: @Sendable (HTTPResponse) -> Void

    /// Wraps the function that sends the response.
    public init(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) { self.deliver = deliver }

    /// Sends the response.
    public func respond(_ response: HTTPResponse) { deliver(response) }
}
