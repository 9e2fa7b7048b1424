import AuctionInfrastructure

/// The original backend's failure body: `{"error": "..."}`.
public struct CatalogueErrorBody: Hashable, Sendable {
    /// The message.
    public var error: String

    /// Creates a failure body.
    public init(error: String) { self.error = error }

    /// Reads `{"error": ...}`; nil when the body is not that shape.
    public init?(body: [UInt8]) {
        guard let value = try? JSONValue.parse(body), let message = value["error"] else { return nil }
        switch message {
        case .string(let text): error = text
        case .null: return nil
        default: error = String(decoding: message.serialized(), as: UTF8.self)
        }
    }

    /// Whether this is the original backend's answer for a record that does not exist: its handler reads
    /// a field of the ORM's `null` and Express reports the `TypeError` (`Cannot read properties of null …`).
    public var isMissingRecord: Bool {
        error.hasPrefix("TypeError: Cannot read propert") && (error.contains("of null") || error.contains("of undefined"))
    }

    /// The JSON body.
    public var body: [UInt8] { JSONValue.object(JSONObject([("error", .string(error))])).serialized() }
}
