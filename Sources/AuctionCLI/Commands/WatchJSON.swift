import AuctionCore
import AuctionInfrastructure

/// The lines `auction watch --json` prints: one JSON object per line, a snapshot of every product
/// watched first, then one object per price change or ended auction. `/` is written as is (the
/// `\u002f` escape is for socket frames only).
public enum WatchJSON {
    /// `{"event":"snapshot","time":…,"products":[…]}` with every product as `list --json` shows it,
    /// plus `closed` and `winner`.
    public static func snapshot(_ products: [Product], at time: Timestamp) -> [UInt8] {
        line([("event", .string("snapshot")), ("time", .string(time.description)),
              ("products", .array(products.map(product)))])
    }

    /// `{"event":"price","time":…,"id":5,"name":…,"price":…,"change":…,"direction":"up"}`.
    public static func price(_ product: Product, at time: Timestamp) -> [UInt8] {
        line([("event", .string("price")), ("time", .string(time.description)), ("id", .int(Int64(product.id.rawValue))),
              ("name", .string(product.name)), ("price", .int(product.currentPrice.minorUnits)),
              ("change", .int(product.lastChange.minorUnits)), ("direction", .string(ProductJSON.direction(product.direction)))])
    }

    /// `{"event":"closed","time":…,"id":5,"name":…,"final_price":…,"winner":"alice"}` (`winner` null without one).
    public static func closed(_ product: Product, at time: Timestamp) -> [UInt8] {
        line([("event", .string("closed")), ("time", .string(time.description)), ("id", .int(Int64(product.id.rawValue))),
              ("name", .string(product.name)), ("final_price", .int(product.currentPrice.minorUnits)),
              ("winner", product.winner.map { .string($0) } ?? .null)])
    }

    /// A product as `list --json` prints it, with `closed` and `winner` added when missing.
    static func product(_ product: Product) -> JSONValue {
        guard case .object(var object) = ProductJSON.product(product) else { return .null }
        let keys = Set(object.members.map(\.key))
        if !keys.contains("closed") { object.members.append(.init(key: "closed", value: .bool(product.isClosed))) }
        if !keys.contains("winner") { object.members.append(.init(key: "winner", value: product.winner.map { .string($0) } ?? .null)) }
        return .object(object)
    }

    static func line(_ members: [(String, JSONValue)]) -> [UInt8] {
        plainSlashes(MachineTime.rewritten(.object(JSONObject(members))).serialized()) + [UInt8(ascii: "\n")]
    }

    /// The JSON text with every `\u002f` escape written back as `/` (an escaped backslash stays as it is).
    static func plainSlashes(_ bytes: [UInt8]) -> [UInt8] {
        let escape: [UInt8] = Array("u002f".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                out.append(byte)
                index += 1
                continue
            }
            if index + 6 <= bytes.count && Array(bytes[(index + 1)..<(index + 6)]) == escape {
                out.append(UInt8(ascii: "/"))
                index += 6
            } else {
                // Any other escape is two bytes at least: copy both so `\\u002f` is not misread.
                out.append(byte)
                out.append(bytes[index + 1])
                index += 2
            }
        }
        return out
    }
}
