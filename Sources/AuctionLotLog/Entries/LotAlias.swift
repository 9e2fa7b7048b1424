import AuctionCore

/// A bidder's name in one lot's log: 8 bytes of an HMAC of their user id under the lot's secret,
/// stable within the lot and unlinkable across lots without the house's secret.
public struct LotAlias: Hashable, Sendable, CustomStringConvertible {
    /// The alias's 8 bytes.
    public let bytes: [UInt8]

    /// The alias of bids that no user placed (simulated or anonymous bidders).
    public static let nobody = LotAlias(unchecked: [UInt8](repeating: 0, count: 8))

    /// An alias from its 8 bytes; nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 8 else { return nil }
        self.bytes = bytes
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// An alias from its 16 hex digits; nil for anything else.
    public init?(hex: String) {
        guard let bytes = Hex.decode(hex) else { return nil }
        self.init(bytes: bytes)
    }

    /// The 16 hex digits the wire and the terminal show.
    public var description: String { Hex.encode(bytes) }
}
