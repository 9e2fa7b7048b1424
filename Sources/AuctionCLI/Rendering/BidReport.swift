import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The words and JSON fields `bid` and `buy` print, built only from what the server's answer says
/// happened (`BidAnswer`): the price after the decision, who leads, the bidder's maximum, the
/// automatic answer and the minimum next bid. Never from what was asked: the price may differ.
public enum BidReport {
    /// The line for an accepted answer:
    /// `accepted: you lead product 13 at 155,000 (your maximum 200,000 stays secret)`,
    /// `accepted: your maximum on product 13 is now 200,000; you still lead at 71,000` (no bid placed),
    /// or, from a server that says no more, `accepted: product 5 is now 35,000`.
    public static func acceptedText(_ answer: BidAnswer, productID: ProductID) -> String {
        guard let price = answer.price else { return "accepted: product \(productID)" }
        if answer.placed == false, answer.leading == true {
            let maximum = answer.yourMaximum.map { "your maximum on product \(productID) is now \($0)" }
                ?? "your maximum on product \(productID) is unchanged"
            return "accepted: \(maximum); you still lead at \(price)"
        }
        switch answer.leading {
        case true?:
            return "accepted: you lead product \(productID) at \(price)"
                + (answer.yourMaximum.map { $0 > price ? " (your maximum \($0) stays secret)" : " (your maximum is reached)" } ?? "")
        case false?:
            return "accepted, but another bidder leads product \(productID) at \(price)"
        case nil:
            return "accepted: product \(productID) is now \(price)"
        }
    }

    /// `refused: outbid — another bidder's maximum answered at 36,000; product 5 is now 36,000, the minimum next bid is 37,000`.
    public static func outbidText(_ answer: BidAnswer, current: Money?, minimum: Money?, productID: ProductID) -> String {
        var text = "refused: outbid — another bidder's maximum answered"
        if let proxy = answer.proxyPrice, proxy != current { text += " at \(proxy)" }
        if let current { text += "; product \(productID) is now \(current)" }
        if let minimum { text += ", the minimum next bid is \(minimum)" }
        return text
    }

    /// `refused: the minimum next bid is 446,000 (current price 441,000)`: the server's figure.
    public static func belowMinimumText(minimum: Money, current: Money?) -> String {
        "refused: the minimum next bid is \(minimum)" + (current.map { " (current price \($0))" } ?? "")
    }

    /// `refused: you lead with a maximum at least this high already …; your maximum is 150,000, you lead at 71,000`.
    public static func maximumNotRaisedText(_ answer: BidAnswer) -> String {
        var text = "refused: " + RefusalReason.maximumNotRaised.explanation
        if let maximum = answer.yourMaximum { text += "; your maximum is \(maximum)" }
        if let price = answer.price { text += (answer.yourMaximum == nil ? "; " : ", ") + "you lead at \(price)" }
        return text
    }

    /// A refusal in the server's own figures (for `watch`'s status line): too low with its minimum,
    /// outbid with the proxy's answer, a maximum not raised, else the reason and the current price.
    public static func refusalText(_ answer: BidAnswer, productID: ProductID) -> String {
        switch answer.outcome {
        case .accepted:
            return acceptedText(answer, productID: productID)
        case .refused(.outbidByProxy, let current):
            return outbidText(answer, current: current, minimum: answer.nextMinimum, productID: productID)
        case .refused(.priceTooLow, let current) where answer.nextMinimum != nil:
            return belowMinimumText(minimum: answer.nextMinimum ?? .zero, current: current)
        case .refused(.maximumNotRaised, _):
            return maximumNotRaisedText(answer)
        case .refused:
            return OutcomeText.bid(answer.outcome, productID: productID)
        }
    }

    /// The answer's outcome fields for `--json`, when the server said them: `leading`, `placed`,
    /// `your_maximum`, `proxy_price`, `next_minimum`, `ends_at` (ISO 8601).
    public static func answerFields(_ answer: BidAnswer) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let leading = answer.leading { fields.append(("leading", .bool(leading))) }
        if let placed = answer.placed { fields.append(("placed", .bool(placed))) }
        if let maximum = answer.yourMaximum { fields.append(("your_maximum", .int(maximum.minorUnits))) }
        if let proxy = answer.proxyPrice { fields.append(("proxy_price", .int(proxy.minorUnits))) }
        if let minimum = answer.nextMinimum { fields.append(("next_minimum", .int(minimum.minorUnits))) }
        if let endsAt = answer.endsAt { fields.append(("ends_at", .string(endsAt.description))) }
        return fields
    }
}
