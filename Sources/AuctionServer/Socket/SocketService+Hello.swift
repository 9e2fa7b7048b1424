import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The hello handshake (client `dataType` 11): the client's features in, ours out.
extension SocketService {
    /// The name and version our hello reply carries.
    static let serverName = "auction-server"
    /// The version our hello reply carries.
    static let serverVersion = "0.1.0"

    /// Records the features the client understands and replies with the server's (loop thread).
    func helloFromClient(_ hello: WireHello, completionID: Int64?, peer: SocketPeer) {
        peer.saidHello(features: hello.features)
        // Quoted: the names come from the wire and may hold control characters.
        log.debug("socket: \(peer.label) said hello as \(hello.client.debugDescription) \(hello.version.debugDescription) "
            + "(\(hello.features.map(\.name.debugDescription).joined(separator: ",")))")
        reply(to: peer, completionID, result: true, fields: JSONObject([
            ("server", .string(Self.serverName)), ("version", .string(Self.serverVersion)),
            ("features", .array(ProtocolFeature.offeredByServer.map { .string($0.name) })),
        ]))
    }
}
