import AuctionCore
import AuctionLotLog

extension LotLogAppend {
    /// Appends a committed submission's entries: each bid (with its `seq` and its bidder's alias on
    /// the lot), then each end soft close moved; the receipts' entry indexes, one per bid.
    mutating func append(_ submission: LedgerSubmission, sequences: ArraySlice<Int64>, signer: LotLogSigner) -> [Int] {
        var indexes: [Int] = []
        indexes.reserveCapacity(submission.bids.count)
        var lastTime: [ProductID: Timestamp] = [:]
        for (bid, sequence) in zip(submission.bids, sequences) {
            let challenge = bid.isAutomatic ? bid.placement.map { placement in
                LotLogChallenge(bidder: signer.alias(of: placement.bidder, on: bid.productID), price: placement.price)
            } : nil
            let logged = LotLogBid(bidSeq: sequence, price: bid.price, previousPrice: bid.previousPrice,
                                   bidder: signer.alias(of: bid.bidder, on: bid.productID), isAutomatic: bid.isAutomatic,
                                   answering: challenge)
            indexes.append(append(.bid(logged), to: bid.productID, at: bid.acceptedAt))
            lastTime[bid.productID] = bid.acceptedAt
        }
        for case .endTime(let lot, let endsAt, let extensions) in submission.changes {
            append(.extended(endsAt: endsAt, extensions: Int64(extensions)), to: lot, at: lastTime[lot] ?? endsAt)
        }
        return indexes
    }

    /// Appends every submission of a commit (`sequences` flat, in order) and signs the new heads;
    /// what each submission got, with its receipts (nil: nothing was appended).
    mutating func appendCommitted(_ submissions: [LedgerSubmission], sequences: [Int64], signer: LotLogSigner,
                                  at time: Timestamp) -> (SignedCommit, [CommittedBids])? {
        var rest = sequences[...]
        var indexes: [[Int]] = []
        for submission in submissions {
            indexes.append(append(submission, sequences: rest.prefix(submission.bids.count), signer: signer))
            rest = rest.dropFirst(submission.bids.count)
        }
        guard !entries.isEmpty else { return nil }
        // Signing works out every head's path once, which the commit's receipts share.
        let commit = signer.sign(newHeads, at: time)
        rest = sequences[...]
        let committed = zip(submissions, indexes).map { submission, bidIndexes in
            defer { rest = rest.dropFirst(submission.bids.count) }
            return CommittedBids(sequences: Array(rest.prefix(submission.bids.count)),
                                 receipts: bidIndexes.compactMap { receipt($0, under: commit) })
        }
        return (commit, committed)
    }
}
