import AuctionCore
import AuctionInfrastructure

/// Strict reads for what clients send the server: every number must be a JSON integer (a fraction or
/// an exponent makes it floating point: `2.0`, `2E6` are refused) within the field's documented range
/// (docs/PROTOCOL.md, "Numbers on the wire"); anything else is `invalidField`, answered `malformed`.
extension WirePayload {
    /// Catalogue ids (`product_id`, `product_ids`): what the HTTP endpoints take too.
    static let productIDs: ClosedRange<Int64> = 0...Int64(Int32.max)
    /// `stateNumber`: a page index, as 32-bit peers hold it.
    static let stateNumbers: ClosedRange<Int64> = Int64(Int32.min)...Int64(Int32.max)
    /// `user_id`: account ids are positive; 0 names nobody.
    static let userIDs: ClosedRange<Int64> = 0...Int64.max

    /// A JSON integer within `range`.
    func exactInt(_ key: String, in range: ClosedRange<Int64>) throws(WireError) -> Int64 {
        guard case .int(let number) = try value(key), range.contains(number) else {
            throw .invalidField(key, dataType: dataType)
        }
        return number
    }

    /// A price: a JSON integer (its bounds are the server's `max_price` and `max_raise`, checked by the book).
    func exactMoney(_ key: String) throws(WireError) -> Money {
        Money(try exactInt(key, in: Int64.min...Int64.max))
    }

    /// A product id: a JSON integer in `productIDs`.
    func exactProductID(_ key: String) throws(WireError) -> ProductID {
        ProductID(Int(try exactInt(key, in: Self.productIDs)))
    }

    /// An array of product ids, each a JSON integer in `productIDs`.
    func exactProductIDs(_ key: String) throws(WireError) -> [ProductID] {
        guard let elements = try value(key).arrayValue else { throw .invalidField(key, dataType: dataType) }
        var ids: [ProductID] = []
        ids.reserveCapacity(elements.count)
        for element in elements {
            guard case .int(let number) = element, Self.productIDs.contains(number) else {
                throw .invalidField(key, dataType: dataType)
            }
            ids.append(ProductID(Int(number)))
        }
        return ids
    }

    /// An optional user id: a JSON integer, or a string of 1–19 ASCII digits (the original client
    /// sends both), in `userIDs`; no sign, no spaces, no fraction.
    func exactOptionalUserID(_ key: String) throws(WireError) -> UserID? {
        guard let member = object[key], !member.isNull else { return nil }
        switch member {
        case .int(let number) where Self.userIDs.contains(number):
            return UserID(rawValue: number)
        case .string(let text):
            let digits = text.utf8
            guard (1...19).contains(digits.count), digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
                  let number = Int64(text), Self.userIDs.contains(number) else {
                throw .invalidField(key, dataType: dataType)
            }
            return UserID(rawValue: number)
        default:
            throw .invalidField(key, dataType: dataType)
        }
    }

    /// An optional price (e.g. `max_price`): a JSON integer when present.
    func exactOptionalMoney(_ key: String) throws(WireError) -> Money? {
        guard let member = object[key], !member.isNull else { return nil }
        guard case .int(let number) = member else { throw .invalidField(key, dataType: dataType) }
        return Money(number)
    }

    /// An optional idempotency key: 1–64 bytes of printable ASCII (0x21–0x7E) when present.
    func exactOptionalIdempotencyKey(_ key: String) throws(WireError) -> String? {
        guard let member = object[key], !member.isNull else { return nil }
        guard case .string(let text) = member, IdempotencyKeyRule.admits(text) else {
            throw .invalidField(key, dataType: dataType)
        }
        return text
    }
}

/// What an idempotency key may be: 1–64 bytes of printable ASCII without spaces.
public enum IdempotencyKeyRule {
    /// The longest key, in bytes.
    public static let maximumBytes = 64

    /// Whether `text` is a valid key.
    public static func admits(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...maximumBytes).contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
