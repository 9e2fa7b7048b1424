import AuctionBidding
import AuctionCore

extension BidLedger where Failure == StoreError {
    /// Queues bids (and the lot changes they cause) with nothing assumed but their prices, and
    /// answers with a plain result: a conflict or a duplicate key becomes its `StoreError`
    /// (`isBidConflict`, `isDuplicateBidKey`). For tools and tests; the bid path reads the outcome.
    public func submit(_ bids: [AcceptedBid], changes: [LotChange] = [],
                       completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        submit(LedgerSubmission(bids: bids, changes: changes)) { completion($0.result(for: bids)) }
    }
}

extension CommitOutcome where Failure == StoreError {
    /// The outcome of a submission of `bids` as a plain result (a refusal as its `StoreError`).
    public func result(for bids: [AcceptedBid]) -> Result<Void, StoreError> {
        switch self {
        case .committed:
            return .success(())
        case .conflict(let read):
            return .failure(.bidConflict(target: "the ledger", productID: read.lot.productID, storedPrice: read.lot.price,
                                         decidedFrom: bids.first?.previousPrice ?? .zero))
        case .duplicateKey:
            return .failure(.duplicateBidKey(target: "the ledger", user: bids.first?.bidder ?? UserID(rawValue: 0)))
        case .bidderSuspended(let user):
            return .failure(.unavailable(target: "the ledger", reason: "user \(user.rawValue) is suspended"))
        case .unavailable(let error), .unknown(let error):
            return .failure(error)
        }
    }
}
