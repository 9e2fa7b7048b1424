/// Why the client's configuration could not be resolved; messages name the source of the bad value.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `HOST:PORT` value that does not parse (source, value, why).
    case invalidSocketAddress(source: String, value: String, reason: String)
    /// An HTTP URL that does not parse (source, value, why).
    case invalidHTTPURL(source: String, value: String, reason: String)
    /// A profile name with no built-in or file definition (source, name, known names).
    case unknownProfile(source: String, name: String, known: [String])
    /// A line of a config or profile file that is not `key = value` with a known key.
    case invalidLine(file: String, line: Int, reason: String)
    /// A setting (`user_id`, `dialect`) whose value is out of range (source, key, value, why).
    case invalidSetting(source: String, key: String, value: String, reason: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .invalidSocketAddress(let source, let value, let reason):
            "invalid socket address `\(value)` from \(source): \(reason) (expected HOST:PORT or several separated by commas, e.g. 127.0.0.1:3200 or [::1]:3200,[::1]:3201)"
        case .invalidHTTPURL(let source, let value, let reason):
            "invalid HTTP URL `\(value)` from \(source): \(reason) (expected a URL or several separated by commas, e.g. http://127.0.0.1:3100)"
        case .unknownProfile(let source, let name, let known):
            "unknown profile `\(name)` from \(source); known profiles: \(known.joined(separator: ", "))"
        case .invalidLine(let file, let line, let reason):
            "\(file):\(line): \(reason)"
        case .invalidSetting(let source, let key, let value, let reason):
            "invalid \(key) `\(value)` from \(source): \(reason)"
        }
    }
}
