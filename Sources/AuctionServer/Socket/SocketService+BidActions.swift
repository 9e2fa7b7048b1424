import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// The shell of the bid path: each `BidAction` carried out, in order, as frames, ledger work, hooks
/// and log lines. Nothing here decides; what a reply says comes with its action.
extension SocketService {
    /// Carries out `actions` in order (loop thread).
    func perform(_ actions: [BidAction]) {
        for action in actions { perform(action) }
    }

    private func perform(_ action: BidAction) {
        switch action {
        case .reply(let target, let answer, let fields):
            guard let peer = peers[target.connection] else { return }
            reply(to: peer, target.completionID, result: answer.result, reason: answer.reason, price: answer.price,
                  fields: replyFields(fields, answer: answer, peer: peer))
        case .meter(let reason):
            metrics?.refused(reason)
        case .scheduleRound:
            let this = LoopBound(self, on: loop)
            loop.execute { this.value.submitRound() }
        case .push(let group):
            push(group)
        case .correctPrice(let update):
            hooks.onPriceChange(update)
        case .lotChanged(let lot, let added):
            hooks.onLotChange(lot, added)
        case .endMoved(let lot, let endsAt):
            let message = ServerMessage.endTime(lot.productID, endsAt: endsAt, extensions: lot.extensions)
            broadcast(other: FrameEncoder.encode(message.frame), position: lot.position, productID: lot.productID)
        case .announce(let item, let lot, let position):
            announceLotChange(item, lot: lot, position: position)
        case .committed(let batch):
            committed(batch)
        case .standingAdopted(let lot, let before):
            pushStanding(adopted: lot, before: before)
        case .otherNodesBids(let bids):
            tellLotRooms(bids: bids)
        case .runClosings:
            runClosings()
        case .logOut(let user):
            logOutConnections(of: user)
        case .runSettled(let change):
            settledChanges.removeValue(forKey: change)?()
        case .note(let note):
            log(note)
        }
    }

    /// Pushes one group of price changes to the watchers of their pages, then to the live feed.
    private func push(_ group: [PositionedUpdate]) {
        let pushes = fanOut.admit(group.map { ($0.update, $0.position) })
        guard !pushes.isEmpty else { return }
        if pushes.count == 1 {
            broadcast(pushes[0].0, position: pushes[0].1)
        } else {
            broadcast(PushGroup(pushes.lazy.map { ($0.0, $0.1) }))
        }
        for item in pushes { hooks.onPriceChange(item.0) }
    }

    /// A durable batch: reply metrics, then who leads and who was displaced, read once for the outbid
    /// notices and the standing pushes.
    private func committed(_ batch: [PendingBid]) {
        metrics?.replied(to: batch)
        tellLotRooms(committed: batch)
        let leaders = LeaderChange.of(batch)
        notifyCommitted(batch, leaders: leaders)
        pushStanding(leaders)
        guard log.enabled(.debug) else { return }
        for item in batch {
            for step in item.decision.steps {
                log.debug("bid: \(step.productID) accepted at \(step.price) for "
                          + (step.bidder.map { "user \($0)" } ?? "anonymous") + (step.isAutomatic ? " (proxy)" : ""))
            }
        }
    }

    /// The wire fields of a reply, as its action describes them (`peer`'s features decide which it understands).
    private func replyFields(_ fields: BidReplyFields, answer: KeyedAnswer, peer: SocketPeer) -> JSONObject {
        switch fields {
        case .none:
            return JSONObject()
        case .minimum(let minimum):
            guard let minimum else { return JSONObject() }
            return JSONObject([("next_minimum", .int(minimum.minorUnits))])
        case .suspension:
            return peer.suspension?.replyFields ?? JSONObject()
        case .outcome(let decision, let bidder, let increment, let endsAt, let receipts):
            var fields = outcomeFields(decision, bidder: bidder, minimumIncrement: increment, endsAt: endsAt, peer: peer)
            if !receipts.isEmpty, peer.features?.contains(.receipts) == true {
                fields["receipts"] = .array(receipts.map(BidReceiptDTO.json))
            }
            return fields
        }
    }

    private func log(_ note: BidNote) {
        switch note {
        case .userMismatch(let connection, let claimed):
            let peer = peers[connection]
            log.info("socket: \(peer?.label ?? "\(connection)") bid as user \(claimed) while logged in as "
                     + "\(peer?.user?.name ?? "another user"): refused")
        case .rateLimited(let connection):
            log.debug("socket: \(peers[connection]?.label ?? "\(connection)") bids too fast: refused")
        case .keyWaits(let user):
            log.debug("bid: a retry of user \(user)'s key waits for the original's commit")
        case .keysFull(let user):
            log.debug("bid: user \(user) holds as many idempotency keys as allowed: refused until old ones expire")
        case .keyReused(let user):
            log.debug("bid: user \(user) reused an idempotency key for a different request: refused")
        case .bought(let id, let price):
            log.info("auction: \(id) bought now at \(price)")
        case .stillConflicts(let id, let attempts):
            log.info("bid: \(id) still conflicts after \(attempts) attempts: refused as unavailable")
        case .decidingAgain(let id, let price):
            log.debug("bid: \(id) moved on another node (now \(price)): deciding again")
        case .undone(let count, let error):
            log.error("bid: \(count) decision(s) could not be stored and were undone: \(error)")
        case .outcomeUnknown(let count, let error):
            log.error("bid: \(count) decision(s) may or may not be stored (the link broke after COMMIT was sent): "
                      + "no answer given, the lot is learnt again from the store: \(error)")
        case .missedBids(let id, let count):
            log.debug("bid: \(id) committed after \(count) bid(s) of another node not seen here: pushed first")
        case .adopted(let id, let count, let sequence):
            log.debug("cluster: \(id) adopted \(count) bid(s) from another node, seq \(sequence)")
        }
    }
}
