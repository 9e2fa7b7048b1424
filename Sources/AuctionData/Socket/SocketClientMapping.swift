import AuctionCore
import AuctionInfrastructure

extension AuctionError {
    /// The domain error for a request that got no reply; `address` names the server for the user.
    public init(_ error: SocketClientError, address: String) {
        switch error {
        case .timedOut: self = .timedOut
        case .disconnected: self = .connectionLost
        case .unreachable(let cause): self = .unreachable(address: address, detail: cause.description)
        case .closed: self = .unreachable(address: address, detail: "the connection is closed")
        case .overloaded: self = .refused(.rateLimited)
        }
    }
}

extension SocketClientError {
    /// Whether no server could be reached (so every configured one was tried).
    var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}

extension ConnectionState {
    /// The state the UI shows for the socket client's state.
    public init(_ state: SocketClientState) {
        switch state {
        case .idle, .connecting: self = .connecting
        case .connected: self = .connected
        case .reconnecting(let milliseconds): self = .reconnecting(inMilliseconds: Int(clamping: milliseconds))
        case .closed: self = .closed
        }
    }
}

extension SocketClient {
    /// `host:port` of the server in use (or last tried) as a user would type it.
    var addressDescription: String { endpoint.description }

    /// Every configured server, `a:1,b:2`: the address of "cannot reach" once each has been tried.
    var endpointsDescription: String { configuration.endpoints.map(\.description).joined(separator: ",") }

    /// Sends a client message and reads the reply, with domain errors.
    func request(_ message: ClientMessage) async throws(AuctionError) -> WireReply {
        let frame: Frame
        do {
            frame = try await send(message.frame)
        } catch {
            throw AuctionError(error, address: error.isUnreachable ? endpointsDescription : addressDescription)
        }
        let reply: ServerMessage
        do {
            reply = try ServerMessage(frame: frame)
        } catch {
            throw .protocolViolation(error.description)
        }
        guard case .reply(let answer) = reply else { throw .protocolViolation("expected a reply, got type \(frame.dataType)") }
        return answer
    }
}
