import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// What a connection may be sent: the original's frame types unless its hello named more, and, until
/// it says hello, sends the original app can read (at most its 4,096-byte read, ending at a frame's end).
extension SocketPeer {
    /// Starts the connection in the original dialect: sends cut at frame ends, at most `sendBytes` each.
    func beginInOriginalDialect(sendBytes: Int) {
        features = nil
        statesNextMinimum = false
        connection.sendBoundary = SendBoundary(maximumBytes: sendBytes, delimiter: WireProtocol.splitter)
    }

    /// Records the features of the connection's hello; its output is no longer cut for the original app.
    func saidHello(features named: [ProtocolFeature]) {
        features = Set(named)
        statesNextMinimum = named.contains(.nextMinimum)
        connection.sendBoundary = nil
    }

    /// Whether the connection may be sent a frame of this `dataType`.
    func accepts(dataType: Int) -> Bool {
        guard let required = ProtocolFeature.required(forServerDataType: dataType) else { return true }
        return features?.contains(required) ?? false
    }

    /// Whether the connection may be sent this message: replies and prices always; anything else only when
    /// its hello named the feature of the frame's `dataType` (read from the encoded frame's start).
    func accepts(_ message: OutboundMessage) -> Bool {
        switch message {
        case .reply, .price: return true
        case .chat(let bytes), .other(let bytes):
            guard let type = Self.dataType(ofEncoded: bytes) else { return features != nil }
            return accepts(dataType: type)
        }
    }

    /// The `dataType` of a frame written by `FrameEncoder` (`{"dataType":N,…`); nil for other bytes.
    static func dataType(ofEncoded bytes: [UInt8]) -> Int? {
        let prefix = Array(#"{"dataType":"#.utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        var value = 0
        var index = prefix.count
        while index < bytes.count, index < prefix.count + 9, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return index > prefix.count ? value : nil
    }
}

extension SocketService {
    /// The most bytes one `send` has carried to a connection open now that never said hello (for `/health`).
    var largestOriginalSend: Int {
        peers.values.reduce(0) { largest, peer in peer.features == nil ? max(largest, peer.connection.largestSendBytes) : largest }
    }
}
