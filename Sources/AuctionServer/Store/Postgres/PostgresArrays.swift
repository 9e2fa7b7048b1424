import AuctionCore

/// PostgreSQL array literals, sent as one text parameter and cast in SQL (`?::bigint[]`): one
/// statement then carries a whole batch (`unnest`).
enum PostgresArrays {
    /// `{1,NULL,3}`.
    static func integers(_ values: [Int64?]) -> StoreValue {
        .text("{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}")
    }

    /// `{"a","b \"c\"",NULL}`: each element quoted, `"` and `\` escaped.
    static func texts(_ values: [String?]) -> StoreValue {
        var literal = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { literal += "," }
            guard let value else {
                literal += "NULL"
                continue
            }
            literal += "\""
            for character in value.unicodeScalars {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.unicodeScalars.append(character)
            }
            literal += "\""
        }
        return .text(literal + "}")
    }
}
