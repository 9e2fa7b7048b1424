/// A route path with named segments, e.g. `/images/{hash}`: each `{name}` matches one non-empty
/// path segment (no `/`), every other segment matches itself exactly. Exact paths win over patterns.
public struct HTTPRoutePattern: Hashable, Sendable {
    private enum Segment: Hashable, Sendable {
        case literal(Substring)
        case parameter(String)
    }

    private let segments: [Segment]

    /// The pattern of a path, or nil when it names no `{parameter}` (an exact path).
    public init?(_ path: String) {
        guard path.contains("{") else { return nil }
        segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(segment)
        }
    }

    /// The parameters a path gives this pattern, or nil when it does not match.
    public func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text): guard text == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }
}
