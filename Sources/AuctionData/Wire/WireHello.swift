import AuctionInfrastructure

/// The hello (client `dataType` 11): who the client is and which features it understands.
public struct WireHello: Hashable, Sendable {
    /// The client's name, e.g. `auction`.
    public var client: String
    /// The client's version.
    public var version: String
    /// The features it understands (unknown names are kept and ignored by the server).
    public var features: [ProtocolFeature]

    /// Creates a hello.
    public init(client: String, version: String, features: [ProtocolFeature]) {
        self.client = client
        self.version = version
        self.features = features
    }

    /// The longest `client` or `version` read from the wire, in bytes.
    public static let maximumNameBytes = 64

    /// Reads the payload: `features` an array of strings (at most `ProtocolFeature.maximumCount` kept,
    /// longer names skipped); `client` and `version` optional strings of at most 64 bytes.
    init(payload: WirePayload) throws(WireError) {
        client = try payload.optionalString("client") ?? ""
        version = try payload.optionalString("version") ?? ""
        guard client.utf8.count <= Self.maximumNameBytes else { throw .invalidField("client", dataType: payload.dataType) }
        guard version.utf8.count <= Self.maximumNameBytes else { throw .invalidField("version", dataType: payload.dataType) }
        features = []
        guard let value = payload.object["features"], !value.isNull else { return }
        guard let elements = value.arrayValue else { throw .invalidField("features", dataType: payload.dataType) }
        for element in elements.prefix(ProtocolFeature.maximumCount) {
            guard let name = element.stringValue else { throw .invalidField("features", dataType: payload.dataType) }
            if name.utf8.count <= ProtocolFeature.maximumNameBytes { features.append(ProtocolFeature(name)) }
        }
    }

    /// The payload as the wire carries it.
    var data: JSONValue {
        ["client": .string(client), "version": .string(version), "features": .array(features.map { .string($0.name) })]
    }
}
