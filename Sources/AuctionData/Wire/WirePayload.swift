import AuctionCore
import AuctionInfrastructure

/// Typed reads of one frame's `data` object, failing with `WireError` naming the field.
struct WirePayload {
    let dataType: Int
    let object: JSONObject

    init(_ frame: Frame) throws(WireError) {
        dataType = frame.dataType
        switch frame.data {
        case .object(let object): self.object = object
        case .null: object = JSONObject()
        default: throw .invalidField("data", dataType: frame.dataType)
        }
    }

    func value(_ key: String) throws(WireError) -> JSONValue {
        guard let value = object[key], !value.isNull else { throw .missingField(key, dataType: dataType) }
        return value
    }

    func int(_ key: String) throws(WireError) -> Int64 {
        guard let number = try value(key).intValue else { throw .invalidField(key, dataType: dataType) }
        return number
    }

    func optionalInt(_ key: String) throws(WireError) -> Int64? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.intValue else { throw .invalidField(key, dataType: dataType) }
        return number
    }

    func string(_ key: String) throws(WireError) -> String {
        guard let text = try value(key).stringValue else { throw .invalidField(key, dataType: dataType) }
        return text
    }

    func optionalString(_ key: String) throws(WireError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .invalidField(key, dataType: dataType) }
        return text
    }

    func bool(_ key: String) throws(WireError) -> Bool {
        guard let flag = try value(key).boolValue else { throw .invalidField(key, dataType: dataType) }
        return flag
    }

    func money(_ key: String) throws(WireError) -> Money { Money(try int(key)) }

    func productID(_ key: String) throws(WireError) -> ProductID {
        guard let id = Int(exactly: try int(key)) else { throw .invalidField(key, dataType: dataType) }
        return ProductID(id)
    }

    func productIDs(_ key: String) throws(WireError) -> [ProductID] {
        guard let elements = try value(key).arrayValue else { throw .invalidField(key, dataType: dataType) }
        var ids: [ProductID] = []
        ids.reserveCapacity(elements.count)
        for element in elements {
            guard let number = element.intValue, let id = Int(exactly: number) else {
                throw .invalidField(key, dataType: dataType)
            }
            ids.append(ProductID(id))
        }
        return ids
    }

    /// A user id sent as a number or as a string of digits (the original backend does both).
    func optionalUserID(_ key: String) throws(WireError) -> UserID? {
        guard let value = object[key], !value.isNull else { return nil }
        if let number = value.intValue { return UserID(rawValue: number) }
        if let text = value.stringValue, let number = Int64(text) { return UserID(rawValue: number) }
        throw .invalidField(key, dataType: dataType)
    }
}
