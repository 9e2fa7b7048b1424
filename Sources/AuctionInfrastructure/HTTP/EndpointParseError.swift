/// Why an endpoint text did not parse.
public struct EndpointParseError: Error, Hashable, Sendable {
    /// What is wrong.
    public var reason: String
    /// Wraps a reason.
    public init(_ reason: String) { self.reason = reason }

    /// Parses a decimal port 1–65535.
    public static func port(_ text: Substring) throws(EndpointParseError) -> Int {
        guard !text.isEmpty else { throw EndpointParseError("missing port") }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text), (1...65_535).contains(port) else {
            throw EndpointParseError("the port must be a number from 1 to 65535, not `\(text)`")
        }
        return port
    }
}
