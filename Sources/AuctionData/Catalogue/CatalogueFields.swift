import AuctionInfrastructure

/// Reads fields of a catalogue JSON object leniently, as the original backend's payloads need
/// (numbers may come as numeric strings, e.g. MySQL DECIMAL `"30000.00"`; ids as strings or
/// numbers), naming the full path of a field in errors.
struct CatalogueFields {
    private let object: JSONObject
    private let path: String

    /// Wraps `value`, which must be an object.
    init(_ value: JSONValue?, path: String) throws(CatalogueError) {
        guard let object = value?.objectValue else { throw CatalogueError.invalidField(path.isEmpty ? "(root)" : path) }
        self.object = object
        self.path = path
    }

    /// The path of a member, for errors.
    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw member, nil when absent or `null`.
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A nested object.
    func object(_ key: String) throws(CatalogueError) -> CatalogueFields {
        try CatalogueFields(value(key), path: name(key))
    }

    /// A nested object, nil when absent or `null`.
    func optionalObject(_ key: String) throws(CatalogueError) -> CatalogueFields? {
        guard let member = value(key) else { return nil }
        return try CatalogueFields(member, path: name(key))
    }

    /// An integer (also from an integral double or a numeric string).
    func int(_ key: String) throws(CatalogueError) -> Int64 {
        guard let number = try optionalInt(key) else { throw CatalogueError.invalidField(name(key)) }
        return number
    }

    /// An integer, nil when absent or `null`.
    func optionalInt(_ key: String) throws(CatalogueError) -> Int64? {
        guard let member = value(key) else { return nil }
        guard let number = CatalogueFields.integer(member) else { throw CatalogueError.invalidField(name(key)) }
        return number
    }

    /// A string (a number is read as its decimal text).
    func string(_ key: String) throws(CatalogueError) -> String {
        guard let text = try optionalString(key) else { throw CatalogueError.invalidField(name(key)) }
        return text
    }

    /// A string, nil when absent or `null`.
    func optionalString(_ key: String) throws(CatalogueError) -> String? {
        switch value(key) {
        case nil: return nil
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        default: throw CatalogueError.invalidField(name(key))
        }
    }

    /// A Boolean (also from 0/1 or `"true"`/`"false"`), nil when absent or `null`.
    func optionalBool(_ key: String) throws(CatalogueError) -> Bool? {
        switch value(key) {
        case nil: return nil
        case .bool(let flag)?: return flag
        case .int(let number)? where number == 0 || number == 1: return number == 1
        case .string("true")?: return true
        case .string("false")?: return false
        default: throw CatalogueError.invalidField(name(key))
        }
    }

    /// The elements of an array member, empty when absent or `null`.
    func array(_ key: String) throws(CatalogueError) -> [JSONValue] {
        guard let member = value(key) else { return [] }
        guard let elements = member.arrayValue else { throw CatalogueError.invalidField(name(key)) }
        return elements
    }

    /// The `image_id`s of an array of `{"image_id": N}` objects.
    func imageIDs(_ key: String) throws(CatalogueError) -> [Int] {
        var ids: [Int] = []
        for (index, element) in try array(key).enumerated() {
            let id = try CatalogueFields(element, path: "\(name(key))[\(index)]").int("image_id")
            ids.append(Int(truncatingIfNeeded: id))
        }
        return ids
    }

    /// An integer from a JSON number or numeric string (a zero fraction such as `.00` is allowed).
    static func integer(_ value: JSONValue) -> Int64? {
        switch value {
        case .int, .double: return value.intValue
        case .string(let text):
            var digits = Substring(text)
            if let dot = digits.firstIndex(of: ".") {
                guard digits[digits.index(after: dot)...].allSatisfy({ $0 == "0" }) else { return nil }
                digits = digits[..<dot]
            }
            return Int64(digits)
        default: return nil
        }
    }

    /// Parses a body that must be JSON.
    static func parse(_ body: [UInt8]) throws(CatalogueError) -> JSONValue {
        do throws(JSONError) {
            return try JSONValue.parse(body)
        } catch {
            throw CatalogueError.invalidJSON(error.description)
        }
    }
}

/// The `[{"image_id": N}, …]` form of image ids.
func imageList(_ ids: [Int]) -> JSONValue {
    .array(ids.map { .object(JSONObject([("image_id", .int(Int64($0)))])) })
}
