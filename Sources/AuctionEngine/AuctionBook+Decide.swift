import AuctionCore

/// Deciding bids: plain bids, proxy (maximum) bids, the reserve jump and soft close.
///
/// Why only the leader's maximum matters: whenever a bidder stops leading, the price is at least
/// their maximum (an answer to a challenger that does not beat the leader's maximum lands at or above
/// the challenger's maximum; a challenger that beats it lands at or above it). Prices only rise, so
/// no non-leader's maximum ever exceeds the current price, and no stored maximum but the leader's can
/// ever answer a bid. Resolving a bid is therefore O(1) whatever the number of proxies on the lot.
extension AuctionBook {
    /// Decides a bid now; accepted steps become the current price before this returns, and the
    /// decision's `result` says what happened (the reply states it).
    ///
    /// Any bid, plain or proxy, must reach the lot's `nextMinimum(of:)` (the start price before the
    /// first bid, then price + increment: `BidMinimum`); when a plain bid does not beat the leader's
    /// secret maximum it is refused `outbidByProxy` and the leader's proxy answers one increment above
    /// it (capped at that maximum). A proxy bid (`Bid.maximum`) beating the leader's maximum leads at
    /// one increment above that maximum (at least its own price, at most its maximum); a leader's
    /// proxy bid only raises their maximum (a lower one is refused `maximumNotRaised`). See
    /// docs/SERVER.md, "Bidding rules".
    public mutating func decide(_ bid: Bid, bidder: UserID?, now: Timestamp) -> BidDecision {
        var decision = decideBid(bid, bidder: bidder, now: now)
        decision.result = result(of: decision, productID: bid.productID, bidder: bidder, maximum: bid.maximum)
        return decision
    }

    /// The decision itself, before its result is read off the lot.
    private mutating func decideBid(_ bid: Bid, bidder: UserID?, now: Timestamp) -> BidDecision {
        guard let index = indexByID[bid.productID] else {
            return .refused(.unknownProduct, currentPrice: nil)
        }
        let lot = lots[index]
        if lot.isClosed {
            return .refused(lot.takedownRefusal ?? .auctionClosed, currentPrice: lot.price)
        }
        if let bidder, bidder == lot.seller {
            return .refused(.ownLot, currentPrice: lot.price)  // no shill bid, not even a maximum
        }
        let outcome = rules.decide(bid, current: lot.price, minimum: nextMinimum(of: lot), endsAt: lot.endsAt, now: now)
        if case .refused(let reason, let price) = outcome {
            return .refused(reason, currentPrice: price)
        }
        let isLeader = bidder != nil && bidder == lot.leader
        guard let maximum = bid.maximum else {
            return decidePlain(bid, bidder: bidder, isLeader: isLeader, at: index, now: now)
        }
        guard maximum >= bid.price else {
            return .refused(.maximumBelowBid, currentPrice: lot.price)
        }
        guard let bidder else {
            return .refused(.unauthenticated, currentPrice: lot.price)
        }
        if let reason = rules.limits.refusal(price: maximum, current: lot.price) {
            return .refused(reason, currentPrice: lot.price)
        }
        let proxy = ProxyMaximum(productID: bid.productID, user: bidder, maximum: maximum, placedAt: now)
        if isLeader {
            return raiseMaximum(proxy, bid: bid, at: index, now: now)
        }
        let placement = BidPlacement(bidder: bidder, price: bid.price, maximum: maximum)
        if lot.leader != nil && maximum <= lot.leaderLimit {
            return answerByProxy(beating: maximum, placement: placement, at: index, now: now)
        }
        var price = bid.price
        if lot.leader != nil {
            let beaten = lot.leaderLimit
            price = max(bid.price, min(maximum, beaten + increment(at: beaten, on: lot)))
        }
        price = reserveJump(price, limit: maximum, on: lot)
        return takeStep(price: price, for: bidder, automatic: false, leaderMaximum: maximum,
                        idempotencyKey: bid.idempotencyKey, maximum: proxy, placement: placement, at: index, now: now)
    }

    /// A bid without a maximum: accepted at its price unless the leader's maximum covers it.
    private mutating func decidePlain(_ bid: Bid, bidder: UserID?, isLeader: Bool, at index: Int, now: Timestamp) -> BidDecision {
        let lot = lots[index]
        let placement = BidPlacement(bidder: bidder, price: bid.price)
        if !isLeader && lot.leader != nil && bid.price <= lot.leaderLimit {
            return answerByProxy(beating: bid.price, placement: placement, at: index, now: now)
        }
        // A leader bidding over their own maximum: the bid is their maximum now.
        let kept = isLeader ? lot.leaderMaximum.flatMap { $0 > bid.price ? $0 : nil } : nil
        let price = reserveJump(bid.price, limit: kept ?? bid.price, on: lot)
        return takeStep(price: price, for: bidder, automatic: false, leaderMaximum: kept,
                        idempotencyKey: bid.idempotencyKey, maximum: nil, placement: placement, at: index, now: now)
    }

    /// The leader's proxy answers an amount that does not beat their maximum: one increment above
    /// it (never above the maximum, at least the reserve when the maximum reaches it).
    private mutating func answerByProxy(beating amount: Money, placement: BidPlacement, at index: Int, now: Timestamp) -> BidDecision {
        let lot = lots[index]
        let limit = lot.leaderLimit
        let answer = reserveJump(min(limit, amount + increment(at: amount, on: lot)), limit: limit, on: lot)
        var decision = takeStep(price: answer, for: lot.leader, automatic: true, leaderMaximum: lot.leaderMaximum,
                                idempotencyKey: nil, maximum: nil, placement: placement, at: index, now: now)
        decision.outcome = .refused(.outbidByProxy, currentPrice: answer)
        return decision
    }

    /// The leader raises their maximum: the price stays (unless the new maximum reaches the reserve).
    private mutating func raiseMaximum(_ proxy: ProxyMaximum, bid: Bid, at index: Int, now: Timestamp) -> BidDecision {
        let lot = lots[index]
        guard proxy.maximum > lot.leaderLimit else {
            // A maximum cannot be lowered (nor placed again): the one held already covers this.
            return .refused(.maximumNotRaised, currentPrice: lot.price)
        }
        let jumped = reserveJump(lot.price, limit: proxy.maximum, on: lot)
        if jumped > lot.price {
            return takeStep(price: jumped, for: proxy.user, automatic: false, leaderMaximum: proxy.maximum,
                            idempotencyKey: bid.idempotencyKey, maximum: proxy,
                            placement: BidPlacement(bidder: proxy.user, price: bid.price, maximum: proxy.maximum), at: index, now: now)
        }
        lots[index].uncommitted.append(UncommittedStep(
            price: lot.price, raisedMaximum: proxy, contributor: proxy.user, addedBidder: false, previous: lot.state
        ))
        lots[index].leaderMaximum = proxy.maximum
        return BidDecision(outcome: .accepted(price: lot.price), maximum: proxy, previousLeader: lot.leader,
                           position: listPosition(ofIndex: index))
    }

    /// `price`, or the reserve when `price` is below it and `limit` (the leader's maximum) reaches it.
    func reserveJump(_ price: Money, limit: Money, on lot: AuctionLot) -> Money {
        guard let reserve = lot.terms.reserve, price < reserve, limit >= reserve else { return price }
        return reserve
    }

    /// Accepts one step: the lot takes the new price and leader (keeping what it replaced, to undo),
    /// and soft close may move the end. Returns an accepted decision with the step.
    mutating func takeStep(
        price: Money, for leader: UserID?, automatic: Bool, leaderMaximum: Money?, idempotencyKey: String?,
        maximum: ProxyMaximum?, placement: BidPlacement? = nil, at index: Int, now: Timestamp
    ) -> BidDecision {
        let previousLeader = lots[index].leader
        var accepted = recordStep(price: price, for: leader, automatic: automatic, leaderMaximum: leaderMaximum,
                                  idempotencyKey: idempotencyKey, at: index, now: now)
        accepted.placement = placement
        var movedEnd: Timestamp?
        let softClose = lots[index].terms.softClose ?? self.softClose
        if let end = lots[index].endsAt,
           let moved = softClose.extendedEnd(end: end, extensions: lots[index].extensions, now: now) {
            lots[index].endsAt = moved
            lots[index].extensions = lots[index].extensions < Int.max ? lots[index].extensions + 1 : Int.max
            endQueue.push(EndTimeQueue.Entry(end: moved, index: index))
            pruneEndQueue()
            movedEnd = moved
        }
        var decision = BidDecision(outcome: .accepted(price: price), steps: [accepted], maximum: maximum, endsAt: movedEnd,
                                   previousLeader: previousLeader, position: listPosition(ofIndex: index))
        if movedEnd != nil { decision.extensions = lots[index].extensions }  // this decision's own count
        return decision
    }

    /// Records one step as uncommitted (with the state it replaces) and applies it to the lot.
    mutating func recordStep(
        price: Money, for leader: UserID?, automatic: Bool, leaderMaximum: Money?, idempotencyKey: String?,
        at index: Int, now: Timestamp
    ) -> AcceptedBid {
        let previous = lots[index].state
        let added = leader.map { lots[index].bidders.insert($0).inserted } ?? false
        lots[index].uncommitted.append(UncommittedStep(
            price: price, raisedMaximum: nil, contributor: leader, addedBidder: added, previous: previous
        ))
        lots[index].price = price
        lots[index].lastChange = price - previous.price
        lots[index].lastChangeAt = now
        lots[index].leader = leader
        lots[index].leaderMaximum = leaderMaximum.flatMap { $0 > price ? $0 : nil }
        lots[index].hasBids = true
        return AcceptedBid(
            productID: lots[index].productID, price: price, previousPrice: previous.price, bidder: leader,
            acceptedAt: now, isAutomatic: automatic, idempotencyKey: idempotencyKey
        )
    }
}
