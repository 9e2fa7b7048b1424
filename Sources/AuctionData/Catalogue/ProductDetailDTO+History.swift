import AuctionCore

/// The price history in one order for every consumer, whatever order the server sent.
extension ProductDetailDTO {
    /// `points` oldest first by date (`YYYY-MM-DD`, or any ISO 8601 text, compares as text). A list sent
    /// newest first (its first date after its last, as the original backend sends it) is reversed before
    /// the stable sort, so points of one day keep their order of occurrence too.
    static func oldestFirst(_ points: [PricePoint]) -> [PricePoint] {
        guard let first = points.first, let last = points.last else { return points }
        let chronological = first.date > last.date ? Array(points.reversed()) : points
        return chronological.enumerated()
            .sorted { $0.element.date != $1.element.date ? $0.element.date < $1.element.date : $0.offset < $1.offset }
            .map(\.element)
    }
}
