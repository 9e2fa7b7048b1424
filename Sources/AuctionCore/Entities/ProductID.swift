/// Identifies a product (the original backend's `product_id`).
public struct ProductID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The numeric id as the wire carries it.
    public var rawValue: Int

    /// Wraps a numeric id.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Wraps a numeric id.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Creates an id from an integer literal.
    public init(integerLiteral value: Int) { self.rawValue = value }

    /// Orders ids numerically, as the catalogue is ordered.
    public static func < (lhs: ProductID, rhs: ProductID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id in decimal.
    public var description: String { String(rawValue) }
}
