import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// What `auction verify` prints: one line for a verified log (and the lot as its log makes it), or
/// the failing entry and why; and the `--json` objects of both.
public enum VerificationText {
    /// A hash as the terminal shows it: its first 8 hex digits.
    public static func short(_ hash: [UInt8]) -> String { String(Hex.encode(hash).prefix(8)) }

    /// The seqs of the viewer's bids the log holds: by their alias, and by their receipts.
    public static func yourBids(_ report: VerificationReport) -> [UInt64] {
        Array(Set(report.bidsByAlias).union(report.receiptsFound)).sorted()
    }

    /// `verified: 14 entries, head 9f3a1c2e…, your 3 bids included` and the lot's state.
    public static func lines(_ report: VerificationReport, knowsViewer: Bool) -> [String] {
        var head = "head \(short(report.head.hash))…"
        if report.head.seq < report.entryCount { head += " (signed at entry \(report.head.seq))" }
        var first = "verified: \(report.entryCount) \(report.entryCount == 1 ? "entry" : "entries"), \(head)"
        let yours = yourBids(report).count
        if yours > 0 {
            first += ", your \(yours == 1 ? "bid" : "\(yours) bids") included"
        } else if knowsViewer {
            first += ", no bids of yours"
        }
        return [first, "lot \(report.lot.rawValue) as its log makes it: \(state(report.final))"]
    }

    /// `open at 1,100 after 3 bids, a41c… leading` and the like.
    public static func state(_ lot: ReplayedLot) -> String {
        let bids = lot.bidCount == 1 ? "1 bid" : "\(lot.bidCount) bids"
        switch lot.status {
        case .unlisted: return "not listed"
        case .removed: return "removed by a moderator at \(lot.price) after \(bids)"
        case .open: return "open at \(lot.price) after \(bids)" + (leader(lot.leader).map { ", \($0) leading" } ?? "")
        case .closed(let sold, let bought):
            if bought { return "bought at \(lot.price)" + (leader(lot.leader).map { " by \($0)" } ?? "") }
            return sold ? "sold for \(lot.price) after \(bids)" + (leader(lot.leader).map { " to \($0)" } ?? "")
                : "ended unsold at \(lot.price) after \(bids)"
        }
    }

    /// `verification failed at entry 7: the hash does not follow the entry before it`.
    public static func line(_ failure: VerificationFailure) -> String {
        "verification failed at entry \(failure.seq): \(failure.reason)"
    }

    /// `{"verified":true,"lot":5,"entries":14,"head":{…},"your_alias":…,"your_bids":[…],"receipts":[…],"state":{…}}`.
    public static func json(_ report: VerificationReport, alias: LotAlias?) -> JSONValue {
        .object(JSONObject([
            ("verified", .bool(true)), ("lot", .int(Int64(report.lot.rawValue))), ("entries", .int(Int64(clamping: report.entryCount))),
            ("head", .object(JSONObject([("seq", .int(Int64(clamping: report.head.seq))), ("hash", .string(Hex.encode(report.head.hash))),
                                         ("signed_at", .string(MachineTime.text(report.signedAt)))]))),
            ("your_alias", alias.map { .string($0.description) } ?? .null),
            ("your_bids", .array(yourBids(report).map { .int(Int64(clamping: $0)) })),
            ("receipts_checked", .array(report.receiptsFound.map { .int(Int64(clamping: $0)) })),
            ("state", stateJSON(report.final)),
        ]))
    }

    /// `{"verified":false,"lot":5,"failure":{"entry":7,"code":"hash_does_not_follow","message":"…"}}`.
    public static func json(_ failure: VerificationFailure, lot: ProductID) -> JSONValue {
        .object(JSONObject([
            ("verified", .bool(false)), ("lot", .int(Int64(lot.rawValue))),
            ("failure", .object(JSONObject([("entry", .int(Int64(clamping: failure.seq))), ("code", .string(failure.reason.code)),
                                            ("message", .string(failure.reason.description))]))),
            ("exit_status", .int(Int64(ExitCode.unverified.rawValue))),
        ]))
    }

    private static func stateJSON(_ lot: ReplayedLot) -> JSONValue {
        let status: String
        switch lot.status {
        case .unlisted: status = "unlisted"
        case .open: status = "open"
        case .removed: status = "removed"
        case .closed(let sold, let bought): status = bought ? "bought" : sold ? "sold" : "unsold"
        }
        let leaderJSON: JSONValue
        switch lot.leader {
        case .none: leaderJSON = .null
        case .alias(let alias): leaderJSON = .string(alias.description)
        case .unknown: leaderJSON = .string("unknown")
        }
        return .object(JSONObject([
            ("status", .string(status)), ("price", .int(lot.price.minorUnits)), ("bid_count", .int(lot.bidCount)), ("leader", leaderJSON),
            ("ends_at", lot.endsAt.map { .string(MachineTime.text($0)) } ?? .null), ("extensions", .int(lot.extensions)),
        ]))
    }

    private static func leader(_ leader: LotLogReplay.Leader) -> String? {
        guard case .alias(let alias) = leader, alias != .nobody else { return nil }
        return "\(short(alias.bytes))…"
    }
}
