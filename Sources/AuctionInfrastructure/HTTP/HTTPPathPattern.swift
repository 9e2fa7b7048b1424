/// A route path with named segments, e.g. `/watchlist/{id}`: each `{name}` matches one non-empty
/// segment (no `/`), every other segment matches itself exactly. Handlers read the values with
/// `values(in:)`.
public struct HTTPPathPattern: Hashable, Sendable {
    /// The pattern as registered (`/watchlist/{id}`).
    public let pattern: String
    /// Each segment: a literal, or nil for a named one.
    private let segments: [Segment]

    private enum Segment: Hashable, Sendable {
        case literal(Substring)
        case named(String)
    }

    /// Parses `pattern`; nil when it has no `{name}` segment (an exact path).
    public init?(_ pattern: String) {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        var segments: [Segment] = []
        var named = false
        for part in parts {
            if part.count > 2, part.first == "{", part.last == "}" {
                segments.append(.named(String(part.dropFirst().dropLast())))
                named = true
            } else {
                segments.append(.literal(part))
            }
        }
        guard named else { return nil }
        self.pattern = pattern
        self.segments = segments
    }

    /// The named segments' values when `path` matches (`["id": "5"]` for `/watchlist/5`), else nil.
    public func values(in path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
            case .named(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            }
        }
        return values
    }
}
