/// A value SQLite stores: the five storage classes.
public enum SQLiteValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])
}

extension SQLiteValue {
    /// An integer, or NULL for nil.
    public static func integer(_ value: Int64?) -> SQLiteValue {
        value.map { .integer($0) } ?? .null
    }

    /// Text, or NULL for nil.
    public static func text(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }
}
