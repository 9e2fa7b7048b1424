import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The words and JSON fields `bid` and `buy` add for proxy bids: leading or not, the moved end time,
/// and an outbid-by-proxy refusal.
public enum BidReport {
    /// ` — you are leading` (with the secret maximum: `… (your maximum 50,000 stays secret)`), or
    /// ` — but another bidder's maximum is higher: you are not leading`; empty when the server did not say.
    public static func leadingText(_ answer: BidAnswer, maximum: Money?) -> String {
        switch answer.leading {
        case true?: " — you are leading" + (maximum.map { " (your maximum \($0) stays secret)" } ?? "")
        case false?: " — but another bidder's maximum is higher: you are not leading"
        case nil: ""
        }
    }

    /// `accepted: you bid 16,500 on product 68 now, and the server bids for you up to 20,000 (kept secret)`:
    /// `bid ID --max N` (the minimum now, then up to the maximum by proxy) in one line.
    public static func proxyText(_ price: Money, productID: ProductID, maximum: Money) -> String {
        "accepted: you bid \(price) on product \(productID) now, and the server bids for you up to \(maximum) (kept secret)"
    }

    /// `refused: outbid — another bidder's maximum answered; product 5 is now 36,000, the minimum next bid is 37,000`.
    public static func outbidText(current: Money?, minimum: Money?, productID: ProductID) -> String {
        var text = "refused: outbid — another bidder's maximum answered"
        if let current { text += "; product \(productID) is now \(current)" }
        if let minimum { text += ", the minimum next bid is \(minimum)" }
        return text
    }

    /// `leading` and `ends_at` (ISO 8601) for `--json`, when the server said them.
    public static func answerFields(_ answer: BidAnswer) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let leading = answer.leading { fields.append(("leading", .bool(leading))) }
        if let endsAt = answer.endsAt { fields.append(("ends_at", .string(endsAt.description))) }
        return fields
    }
}
