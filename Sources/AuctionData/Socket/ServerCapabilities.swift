/// What the server at the other end of a socket speaks, learnt from the hello handshake.
public struct ServerCapabilities: Hashable, Sendable {
    /// The protocol family: the original backend's two message types, or ours with extensions.
    public enum Dialect: String, Hashable, Sendable {
        /// The original Node backend (or anything that did not answer the hello): list state and bids only.
        case original
        /// Our server: hello answered, features listed.
        case auction
    }

    /// The dialect.
    public var dialect: Dialect
    /// The server's name from its hello reply (`auction-server`); empty for the original.
    public var server: String
    /// The server's version from its hello reply; empty for the original.
    public var version: String
    /// The features the server offers.
    public var features: Set<ProtocolFeature>

    /// Creates capabilities.
    public init(dialect: Dialect, server: String = "", version: String = "", features: Set<ProtocolFeature> = []) {
        self.dialect = dialect
        self.server = server
        self.version = version
        self.features = features
    }

    /// An original-dialect server: no features.
    public static let original = ServerCapabilities(dialect: .original)

    /// Our server when it was not asked (the `auction` dialect setting) or its reply listed nothing:
    /// every feature this build knows our server to offer.
    public static let assumedAuction = ServerCapabilities(dialect: .auction, features: Set(ProtocolFeature.offeredByServer))

    /// Whether the server offers `feature`.
    public func supports(_ feature: ProtocolFeature) -> Bool { features.contains(feature) }

    /// Reads a hello reply; nil when it refused (`result: false`), which means the original dialect.
    public init?(helloReply reply: WireReply) {
        guard reply.result else { return nil }
        var features: Set<ProtocolFeature> = []
        if case .array(let names)? = reply.fields["features"] {
            for name in names.prefix(ProtocolFeature.maximumCount) {
                if let text = name.stringValue, text.utf8.count <= ProtocolFeature.maximumNameBytes {
                    features.insert(ProtocolFeature(text))
                }
            }
        }
        self.init(dialect: .auction, server: reply.fields["server"]?.stringValue ?? "",
                  version: reply.fields["version"]?.stringValue ?? "", features: features)
    }
}

/// Which dialect a client assumes: `auto` asks with a hello; `original` and `auction` skip the question.
public enum DialectSetting: String, Hashable, Sendable, CaseIterable {
    /// Send a hello and a list-state probe; an answer to the probe before the hello means the original.
    case auto
    /// The original backend: no hello, no extensions (no login, subscriptions or chat on the socket).
    case original
    /// Our server: send the hello and wait for its answer, without probing.
    case auction
}
