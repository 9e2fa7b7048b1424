/// A value a store binds or reads, on either engine: the five storage classes SQLite names (PostgreSQL
/// parameters and results map onto them).
public enum StoreValue: Hashable, Sendable {
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

extension StoreValue {
    /// An integer, or NULL for nil.
    public static func integer(_ value: Int64?) -> StoreValue {
        value.map { .integer($0) } ?? .null
    }

    /// Text, or NULL for nil.
    public static func text(_ value: String?) -> StoreValue {
        value.map { .text($0) } ?? .null
    }
}
