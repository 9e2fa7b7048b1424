import AuctionCore

/// A validated chat room name: `product-<id>` for a product's room, or a free name.
///
/// Names are 1–64 characters (grapheme clusters) and at most 256 bytes of UTF-8, each character
/// with at most 8 combining marks, with no control characters or bidirectional overrides
/// (`ChatTextRules`). The byte limit is checked first, so validating costs O(bytes) once. A name
/// starting with `product-` must continue with a product id in decimal; whether that product
/// exists is the server's check (`productID`), since the registry does not know the catalogue.
///
/// Two names are the same room when their UTF-8 bytes are equal (as SQLite compares them):
/// hashing and comparing never normalise, so each costs O(bytes).
public struct ChatRoomName: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// How long a name may be.
    public struct Limits: Sendable, Hashable {
        /// The most characters (grapheme clusters) a name may have.
        public var maximumCharacters: Int = ChatRoomName.maximumCharacters
        /// The most bytes (UTF-8) a name may have.
        public var maximumBytes: Int = 256
        /// The most combining marks (Mn, Mc, Me) one character of a name may carry.
        public var maximumMarksPerCharacter: Int = 8

        /// The defaults.
        public init() {}
    }

    /// The most characters a name may have by default.
    public static let maximumCharacters = 64
    private static let productPrefix = "product-"

    /// The name as sent on the wire.
    public let rawValue: String

    /// Validates a name.
    public init(validating name: String, limits: Limits = Limits()) throws(ChatError) {
        switch ChatTextRules.violation(of: name, maximumBytes: limits.maximumBytes, maximumCharacters: limits.maximumCharacters,
                                       maximumMarksPerCharacter: limits.maximumMarksPerCharacter, allowsNewline: false) {
        case nil: break
        case .empty: throw .roomNameEmpty
        case .tooManyBytes(let bytes): throw .roomNameTooManyBytes(bytes: bytes, limit: limits.maximumBytes)
        case .refusedScalar: throw .roomNameHasControlCharacter
        case .tooManyCharacters(let count): throw .roomNameTooLong(characters: count, limit: limits.maximumCharacters)
        case .tooManyMarks: throw .tooManyMarks(limit: limits.maximumMarksPerCharacter)
        }
        if name.utf8.starts(with: Self.productPrefix.utf8) && Self.productID(in: name) == nil {
            throw .malformedProductRoom(name)
        }
        rawValue = name
    }

    /// A name from the wire, if valid under the default limits.
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

    /// Same bytes, same room (no Unicode normalisation).
    public static func == (lhs: ChatRoomName, rhs: ChatRoomName) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = rawValue.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in rawValue.utf8 { hasher.combine(byte) }
        }
        hasher.combine(0xFF as UInt8)  // never a UTF-8 byte: ends the name
    }

    /// Orders names by their UTF-8 bytes.
    public static func < (lhs: ChatRoomName, rhs: ChatRoomName) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The name.
    public var description: String { rawValue }

    private static func productID(in name: String) -> ProductID? {
        guard name.utf8.starts(with: productPrefix.utf8) else { return nil }
        let digits = name.utf8.dropFirst(productPrefix.utf8.count)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return ProductID(value)
    }
}
