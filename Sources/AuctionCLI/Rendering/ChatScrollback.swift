/// The chat's conversation as a value: the entries shown (bounded) and how far the view is scrolled
/// back from the live bottom, in screen lines. While scrolled back, new entries keep the view where it
/// is and are counted for the "more below" marker; paging down to the bottom (or End) is live again.
public struct ChatScrollback: Hashable, Sendable {
    /// The entries, oldest first (at most `limit`).
    public private(set) var entries: [ChatEntry] = []
    /// Screen lines between the bottom of the view and the newest line; 0 is live.
    public private(set) var offset = 0
    /// Entries that arrived since the view was scrolled back (shown in the marker).
    public private(set) var unseen = 0
    /// How many entries are kept.
    public let limit: Int

    /// An empty conversation keeping up to `limit` entries.
    public init(limit: Int = 1_000) { self.limit = max(1, limit) }

    /// Whether the view follows new entries (not scrolled back).
    public var isLive: Bool { offset == 0 }

    /// Adds an entry that takes `lines` screen lines; while scrolled back the view stays on what it showed.
    public mutating func append(_ entry: ChatEntry, lines: Int) {
        entries.append(entry)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        guard !isLive else { return }
        let (kept, overflow) = offset.addingReportingOverflow(max(0, lines))
        offset = overflow ? Int.max : kept
        unseen = unseen < Int.max ? unseen + 1 : unseen
    }

    /// PgUp: back by `page` lines, stopping where the oldest line is at the top of a `page`-line view.
    public mutating func pageUp(page: Int, totalLines: Int) {
        let page = max(1, page)
        let farthest = max(0, totalLines - page)
        let (further, overflow) = offset.addingReportingOverflow(page)
        offset = overflow ? farthest : min(farthest, further)
    }

    /// PgDn: forward by `page` lines; reaching the bottom is live again.
    public mutating func pageDown(page: Int) {
        offset = max(0, offset - max(1, page))
        if offset == 0 { unseen = 0 }
    }

    /// End: back to the live bottom.
    public mutating func toBottom() {
        offset = 0
        unseen = 0
    }

    /// Which of `totalLines` lines a view of `rows` rows shows: the range ending `offset` lines above
    /// the newest (clamped, as entries may have been dropped at the limit).
    public func visibleRange(totalLines: Int, rows: Int) -> Range<Int> {
        let end = max(0, totalLines - min(offset, max(0, totalLines - rows)))
        return max(0, end - max(0, rows))..<end
    }
}
