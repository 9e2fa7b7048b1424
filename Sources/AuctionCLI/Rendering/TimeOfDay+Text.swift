import AuctionCore
import AuctionData

extension TimeOfDay {
    /// `text` (a server's sentence, e.g. `suspended until 2026-12-05T21:47:30.807Z`) with every RFC 3339
    /// time in UTC written in this zone (`2026-12-06 06:47 KST`): the server's words, the reader's clock.
    public func localizingTimes(in text: String) -> String {
        guard text.contains("T"), let pattern = try? Regex(#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z"#) else { return text }
        return text.replacing(pattern) { match in
            Timestamp(iso8601: String(text[match.range])).map { dateTime($0) } ?? String(text[match.range])
        }
    }
}
