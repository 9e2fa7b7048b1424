/// Identifies one client connection inside the server; the I/O shell assigns the numbers.
///
/// A shell that hands out small, reused numbers can index its own connection table by `rawValue`.
public struct ConnectionID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number the shell gave the connection.
    public var rawValue: Int

    /// Wraps a connection number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Wraps a connection number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Orders connections by number.
    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` and the number, for logs.
    public var description: String { "#\(rawValue)" }
}
