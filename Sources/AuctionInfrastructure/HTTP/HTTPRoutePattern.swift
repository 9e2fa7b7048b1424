/// A route path with named segments, e.g. `/products/{id}/bids`: each `{name}` matches exactly one
/// non-empty path segment (no `/`), every other segment matches itself. Exact paths are looked up
/// first; a pattern only answers paths no exact route has.
public struct HTTPRoutePattern: Hashable, Sendable {
    /// The pattern as registered.
    public let text: String
    private let segments: [Segment]

    private enum Segment: Hashable, Sendable {
        case literal(Substring)
        case parameter(String)
    }

    /// Reads a pattern; nil when `text` has no `{name}` segment (an exact path), or a brace stands
    /// anywhere but around a whole segment.
    public init?(_ text: String) {
        guard text.contains("{") else { return nil }
        var segments: [Segment] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.first == "{" && segment.last == "}" && segment.count > 2 {
                let name = segment.dropFirst().dropLast()
                guard !name.contains("{") && !name.contains("}") else { return nil }
                segments.append(.parameter(String(name)))
            } else {
                guard !segment.contains("{") && !segment.contains("}") else { return nil }
                segments.append(.literal(segment))
            }
        }
        self.text = text
        self.segments = segments
    }

    /// The parameters `path` gives the pattern's named segments, or nil when it does not match.
    public func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard literal == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }
}
