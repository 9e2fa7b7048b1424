import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// What a bid's or buy's reply says beyond `result`, `reason` and `price`: the outcome the book
/// decided (`BidResult`), so the bidder is told what happened and what would pass next.
extension SocketService {
    /// The outcome fields of a decision's reply: `next_minimum` to every connection (the original app
    /// reads only `result`; `minimum_bid` and `min_increment` stay with `price_too_low` for older
    /// clients); to one that said hello also `leading`, `your_maximum`, `proxy_price`, `placed` and
    /// `ends_at`. Read from the decision's own result and the lot's increment and end as the bid path
    /// had them when it answered: a later decision of the same commit round must not change what this reply states.
    func outcomeFields(_ decision: BidDecision, bidder: UserID?, minimumIncrement: Money?, endsAt: Timestamp?,
                       peer: SocketPeer) -> JSONObject {
        var fields = JSONObject()
        let result = decision.result
        if let minimum = result?.nextMinimum { fields["next_minimum"] = .int(minimum.minorUnits) }
        if case .refused(.priceTooLow, _) = decision.outcome, let minimum = result?.nextMinimum {
            fields["min_increment"] = minimumIncrement.map { .int($0.minorUnits) } ?? .null
            fields["minimum_bid"] = .int(minimum.minorUnits)
        }
        guard peer.features != nil, let result else { return fields }
        if bidder != nil || result.placed { fields["leading"] = .bool(result.leading) }
        if let maximum = result.yourMaximum { fields["your_maximum"] = .int(maximum.minorUnits) }
        if let proxy = result.proxyPrice { fields["proxy_price"] = .int(proxy.minorUnits) }
        fields["placed"] = .bool(result.placed)
        if let endsAt { fields["ends_at"] = .int(endsAt.millisecondsSinceEpoch) }
        return fields
    }
}
