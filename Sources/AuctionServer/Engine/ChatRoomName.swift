import AuctionCore

/// A validated chat room name: `product-<id>` for a product's room, or a free name.
///
/// Names are 1–64 characters (grapheme clusters) with no control characters. A name starting with
/// `product-` must continue with a product id in decimal; whether that product exists is the
/// server's check (`productID`), since the registry does not know the catalogue.
public struct ChatRoomName: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The most characters a name may have.
    public static let maximumCharacters = 64
    private static let productPrefix = "product-"

    /// The name as sent on the wire.
    public let rawValue: String

    /// Validates a name.
    public init(validating name: String) throws(ChatError) {
        guard !name.isEmpty else { throw .roomNameEmpty }
        var characters = 0
        for character in name {
            characters += 1
            if characters > Self.maximumCharacters {
                throw .roomNameTooLong(characters: name.count, limit: Self.maximumCharacters)
            }
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw .roomNameHasControlCharacter
            }
        }
        if name.hasPrefix(Self.productPrefix) && Self.productID(in: name) == nil {
            throw .malformedProductRoom(name)
        }
        rawValue = name
    }

    /// A name from the wire, if valid.
    public init?(rawValue: String) {
        guard let name = try? ChatRoomName(validating: rawValue) else { return nil }
        self = name
    }

    /// The room of a product, `product-<id>`.
    public static func product(_ id: ProductID) -> ChatRoomName {
        ChatRoomName(unchecked: productPrefix + String(id.rawValue))
    }

    private init(unchecked name: String) { rawValue = name }

    /// The product whose room this is, or nil for a free-named room.
    public var productID: ProductID? { Self.productID(in: rawValue) }

    /// Orders names as strings.
    public static func < (lhs: ChatRoomName, rhs: ChatRoomName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name.
    public var description: String { rawValue }

    private static func productID(in name: String) -> ProductID? {
        guard name.hasPrefix(productPrefix) else { return nil }
        let digits = name.utf8.dropFirst(productPrefix.utf8.count)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return ProductID(value)
    }
}
