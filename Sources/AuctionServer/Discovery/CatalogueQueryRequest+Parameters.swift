import AuctionCore

extension CatalogueQueryRequest {
    /// Reads a query from named text values (a URL's query string, or request 13's object as text),
    /// checking each against its documented range; the first problem is thrown.
    public init(parameters: [String: String]) throws(CatalogueQueryError) {
        if let unknown = parameters.keys.sorted().first(where: { !Self.parameterNames.contains($0) }) {
            throw CatalogueQueryError("unknown parameter `\(unknown.prefix(32))`; expected one of \(Self.parameterNames.sorted().joined(separator: ", "))")
        }
        var search: String?
        if let text = parameters["search"] {
            let trimmed = text.trimmingWhitespace
            guard trimmed.count <= CatalogueQuery.maximumSearchCharacters else {
                throw CatalogueQueryError("search text is limited to \(CatalogueQuery.maximumSearchCharacters) characters (got \(trimmed.count))")
            }
            guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
                throw CatalogueQueryError("search text must not contain control characters")
            }
            search = trimmed.isEmpty ? nil : trimmed
        }
        var sort: CatalogueQuery.Sort?
        if let text = parameters["sort"] {
            guard let parsed = CatalogueQuery.Sort(rawValue: text), parsed != .rank || search != nil else {
                throw CatalogueQueryError("sort must be one of id, rank (with search text), ending, price, new, change, bids, not `\(text.prefix(32))`")
            }
            sort = parsed
        }
        var status = CatalogueQuery.Status.open
        if let text = parameters["status"] {
            guard let parsed = CatalogueQuery.Status(rawValue: text) else {
                throw CatalogueQueryError("status must be open, closed or all, not `\(text.prefix(32))`")
            }
            status = parsed
        }
        let within = try Self.integer(parameters, "ending_within", in: 1...CatalogueQuery.maximumEndingWithinSeconds)
        let minimum = try Self.integer(parameters, "min_price", in: Self.priceRange).map { Money($0) }
        let maximum = try Self.integer(parameters, "max_price", in: Self.priceRange).map { Money($0) }
        if let minimum, let maximum, minimum > maximum {
            throw CatalogueQueryError("min_price must not be above max_price")
        }
        var seller: String?
        if let text = parameters["seller"] {
            guard (1...CatalogueQuery.maximumSellerCharacters).contains(text.count), !text.allSatisfy(\.isWhitespace) else {
                throw CatalogueQueryError("seller must be 1 to \(CatalogueQuery.maximumSellerCharacters) characters, not only blanks")
            }
            seller = text
        }
        let limit = try Self.integer(parameters, "limit", in: Int64(Self.limits.lowerBound)...Int64(Self.limits.upperBound))
            .map { Int($0) } ?? Self.defaultLimit
        self.init(CatalogueQuery(search: search, sort: sort, endingWithinSeconds: within, minimumPrice: minimum,
                                 maximumPrice: maximum, seller: seller, status: status), limit: limit)
        if let text = parameters["cursor"] {
            guard let cursor = QueryCursor(encoded: text), cursor.sort == query.sort else {
                throw CatalogueQueryError("cursor is not one this query's sort handed out; start again without it")
            }
            self.cursor = cursor
        }
    }

    private static func integer(_ parameters: [String: String], _ name: String,
                                in range: ClosedRange<Int64>) throws(CatalogueQueryError) -> Int64? {
        guard let text = parameters[name] else { return nil }
        guard text.utf8.count <= 20, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text),
              range.contains(value) else {
            throw CatalogueQueryError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not `\(text.prefix(32))`")
        }
        return value
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
