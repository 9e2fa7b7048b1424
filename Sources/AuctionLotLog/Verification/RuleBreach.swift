import AuctionCore

/// An entry the auction's rules could not have produced, found by replaying the log (`LotLogReplay`).
public enum RuleBreach: Hashable, Sendable, CustomStringConvertible {
    /// The first entry is not `listed`.
    case notListedFirst
    /// A second `listed`.
    case listedAgain
    /// An entry after the lot closed or was removed.
    case afterTheEnd
    /// A bid placed at or after the lot's end.
    case bidAfterEnd(endsAt: Timestamp)
    /// A bid whose `bid_seq` is not the lot's bid count plus one.
    case bidSeq(expected: Int64)
    /// A bid whose `previous_price` is not the lot's price.
    case previousPrice(expected: Money)
    /// A bid below the least bid the lot accepted then.
    case belowMinimum(minimum: Money)
    /// An automatic (proxy) bid on a lot without a leader.
    case automaticWithoutLeader
    /// An automatic (proxy) bid for someone other than the leader.
    case automaticNotLeader
    /// An automatic bid's challenge that is the leader's own, below the least bid, or on a bid that is not automatic.
    case challenge
    /// A proxy's answer below the bid it answered.
    case answerBelowChallenge
    /// An `extended` entry that does not follow a bid.
    case extensionWithoutBid
    /// An extension the soft-close rules do not give (or not that end, or not that count).
    case wrongExtension(expectedEnd: Timestamp?, expectedCount: Int64)
    /// A bid within the soft-close window that no `extended` entry follows.
    case missingExtension
    /// An edit that changes what a lot with bids may not change (start price, end, soft close).
    case editAfterBids
    /// A retraction that names no bid entry of this log.
    case retractedNotABid(entry: UInt64)
    /// A retraction of a bid already retracted.
    case retractedTwice(entry: UInt64)
    /// A retraction that leaves the price below the start price or the bid count falling.
    case retractionState
    /// A close whose final price is not the lot's price.
    case finalPrice(expected: Money)
    /// A close before the lot's end.
    case closedBeforeEnd(endsAt: Timestamp?)
    /// A close whose winner is not the leader (or names one when the lot was not sold, or none when it was).
    case winner
    /// A close marked bought that no buy-now bid precedes.
    case notBought
    /// A close that does not reveal the reserve the listing committed to, or reveals one it did not.
    case reserveNotRevealed
    /// A revealed reserve that does not match the listing's commitment.
    case reserveCommitment
    /// A close whose `reserve_met` does not follow from the price and the reserve.
    case reserveMet
    /// A step taken at the reserve (a leader's raised maximum reaching it) that is not the revealed reserve.
    case reserveStep(reserve: Money)
    /// A buy-now accepted after bids, which needs the reserve not met, while the revealed reserve was met.
    case buyAfterReserveMet

    /// A sentence.
    public var description: String {
        switch self {
        case .notListedFirst: "the log does not start with the lot's listing"
        case .listedAgain: "the lot is listed a second time"
        case .afterTheEnd: "it comes after the lot closed or was removed"
        case .bidAfterEnd(let end): "the bid came after the lot's end (\(end.millisecondsSinceEpoch) ms)"
        case .bidSeq(let expected): "the bid's number is not \(expected), the next after the lot's bids"
        case .previousPrice(let expected): "the bid's previous price is not the lot's price, \(expected.minorUnits)"
        case .belowMinimum(let minimum): "the bid is below the least bid the lot accepted then, \(minimum.minorUnits)"
        case .automaticWithoutLeader: "an automatic bid on a lot nobody leads"
        case .automaticNotLeader: "an automatic bid for someone other than the leader"
        case .challenge: "the bid it answers is the leader's own, below the least bid, or answered by no proxy"
        case .answerBelowChallenge: "the proxy's answer is below the bid it answers"
        case .extensionWithoutBid: "an extension that does not follow a bid"
        case .wrongExtension(let end, let count):
            end.map { "the extension is not to \($0.millisecondsSinceEpoch) ms, extension \(count)" }
                ?? "soft close gives this bid no extension"
        case .missingExtension: "the bid came within the soft-close window but no extension follows it"
        case .editAfterBids: "an edit changes the start price, end or soft close of a lot with bids"
        case .retractedNotABid(let entry): "the retraction names entry \(entry), which is not a bid of this log"
        case .retractedTwice(let entry): "entry \(entry) was retracted already"
        case .retractionState: "the retraction leaves the price below the start price or the bid count falling"
        case .finalPrice(let expected): "the final price is not the lot's price, \(expected.minorUnits)"
        case .closedBeforeEnd(let end):
            end.map { "the lot closed before its end (\($0.millisecondsSinceEpoch) ms)" } ?? "the lot closed without an end or a buy"
        case .winner: "the winner is not the leader the bids make"
        case .notBought: "the close says bought but no buy-now bid precedes it"
        case .reserveNotRevealed: "the close does not reveal the reserve the listing committed to (or reveals one it did not)"
        case .reserveCommitment: "the revealed reserve does not match the listing's commitment"
        case .reserveMet: "reserve_met does not follow from the final price and the reserve"
        case .reserveStep(let reserve): "a step below the least bid that is not the revealed reserve, \(reserve.minorUnits)"
        case .buyAfterReserveMet: "a buy-now after bids, though the revealed reserve was met then"
        }
    }
}
