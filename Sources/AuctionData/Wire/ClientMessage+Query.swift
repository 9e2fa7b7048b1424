import AuctionInfrastructure

/// Request 13's payload: `{"query":{…GET /products/query's parameters…},"pages":N}`.
extension ClientMessage {
    /// How many pages a query state may follow.
    public static let queryPages: ClosedRange<Int64> = 1...20
    /// The most parameters a query object may carry (the endpoint knows nine).
    static let maximumQueryParameters = 16
    /// The longest parameter value read, in bytes (longer search text is refused later, by its rule).
    static let maximumQueryValueBytes = 4_096

    /// The query object's members as text: strings as given, integers in decimal; anything else is invalid.
    static func queryParameters(_ value: JSONValue) throws(WireError) -> [String: String] {
        guard case .object(let object) = value, object.count <= maximumQueryParameters else {
            throw .invalidField("query", dataType: DataType.queryState)
        }
        var parameters: [String: String] = [:]
        for member in object.members {
            let text: String
            switch member.value {
            case .string(let string) where string.utf8.count <= maximumQueryValueBytes: text = string
            case .int(let number): text = String(number)
            default: throw .invalidField("query", dataType: DataType.queryState)
            }
            guard parameters.updateValue(text, forKey: member.key) == nil else {
                throw .invalidField("query", dataType: DataType.queryState)
            }
        }
        return parameters
    }

    /// The payload of a query state.
    static func queryData(_ parameters: [String: String], pages: Int) -> JSONValue {
        let members = parameters.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        return .object(JSONObject([("query", .object(JSONObject(members))), ("pages", .int(Int64(pages)))]))
    }
}
