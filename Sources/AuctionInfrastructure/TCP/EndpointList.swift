/// A comma-separated list of endpoints (`a:1,b:2`, `http://a:1,http://b:2`): the servers of one
/// auction house, tried in order. Each item is checked on its own; the error names the bad item.
public enum EndpointList {
    /// The most endpoints a list may name.
    public static let maximumCount = 16

    /// Splits `text` at commas into its items (blanks around each removed); an empty list or item,
    /// or more than `maximumCount` items, is an error.
    public static func items(_ text: String) throws(EndpointParseError) -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
        guard items.count <= maximumCount else {
            throw EndpointParseError("at most \(maximumCount) addresses, not \(items.count)")
        }
        if items.count == 1, items[0].isEmpty { throw EndpointParseError("no address") }
        if let empty = items.firstIndex(where: \.isEmpty) {
            throw EndpointParseError("address \(empty + 1) of \(items.count) is empty (a stray comma?)")
        }
        return items
    }

    /// Parses every item with `parse`; a bad item's error says which one it is, and a repeated one is refused.
    public static func parse<Endpoint: Hashable & CustomStringConvertible>(
        _ text: String, _ parse: (String) throws(EndpointParseError) -> Endpoint
    ) throws(EndpointParseError) -> [Endpoint] {
        let items = try items(text)
        var endpoints: [Endpoint] = []
        for (index, item) in items.enumerated() {
            let endpoint: Endpoint
            do throws(EndpointParseError) { endpoint = try parse(item) } catch {
                throw items.count == 1 ? error : EndpointParseError("address \(index + 1) `\(item)`: \(error.reason)")
            }
            guard !endpoints.contains(endpoint) else { throw EndpointParseError("`\(endpoint)` is listed twice") }
            endpoints.append(endpoint)
        }
        return endpoints
    }
}
