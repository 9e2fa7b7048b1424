import AuctionCore
import AuctionInfrastructure

/// The hello handshake on every (re)connect, and what commands learn from it.
extension SocketSession {
    /// The handshake for the next connection: nothing for `original`; the hello for `auction`; the hello
    /// and a list-state probe for `auto`. The original backend answers list state but ignores the
    /// unknown hello, so a probe answered before the hello means the original dialect — no waiting.
    func handshake(timeoutMilliseconds: Int64) -> SocketHandshake? {
        let hello = ClientMessage.hello(WireHello(
            client: clientName, version: clientVersion, features: ProtocolFeature.understoodByClient))
        switch dialect {
        case .original:
            return nil
        case .auction:
            return SocketHandshake(frames: [hello.frame], timeoutMilliseconds: timeoutMilliseconds) { [self] answers in
                capabilities = Self.capabilities(fromHelloAnswer: answers.first ?? nil) ?? .assumedAuction
            }
        case .auto:
            // The probe is the session's list state (stateNumber -1 when no page is loaded, which both
            // servers record as nothing loaded), so the replay leaves it out. When neither is answered the
            // dialect stays unknown (or as the last connection found it).
            let probe = ClientMessage.listState(stateNumber: loadedPages - 1)
            return SocketHandshake(frames: [hello.frame, probe.frame], timeoutMilliseconds: timeoutMilliseconds) { [self] answers in
                if let ours = Self.capabilities(fromHelloAnswer: answers[0]) {
                    capabilities = ours
                } else if answers[1] != nil {
                    capabilities = .original
                }
            }
        }
    }

    /// Our server's capabilities from its hello reply; nil when there was none or it refused.
    static func capabilities(fromHelloAnswer frame: Frame?) -> ServerCapabilities? {
        guard let frame, case .reply(let reply)? = try? ServerMessage(frame: frame) else { return nil }
        return ServerCapabilities(helloReply: reply)
    }

    /// What the server speaks: waits for the connection to be ready (handshake and replay, each within the
    /// request timeout) first. A server that answered neither the hello nor the probe is `unreachable`.
    public func capabilities(of client: SocketClient) async throws(AuctionError) -> ServerCapabilities {
        if dialect == .original { return .original }
        do throws(SocketClientError) {
            let timeout = client.configuration.requestTimeoutMilliseconds
            try await client.ready(timeoutMilliseconds: timeout > Int64.max / 2 ? Int64.max : 2 * timeout)
        } catch {
            throw AuctionError(error, address: error.isUnreachable ? client.endpointsDescription : client.addressDescription)
        }
        guard let capabilities else {
            throw .unreachable(address: client.addressDescription,
                               detail: "the server accepted the connection but answered neither the hello nor the list state")
        }
        return capabilities
    }
}
