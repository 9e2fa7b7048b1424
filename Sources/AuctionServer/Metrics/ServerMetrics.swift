import AuctionBidding
import AuctionCore
import AuctionInfrastructure

/// What the server counts for `GET /metrics` beyond the statistics its parts already keep (those are
/// read when scraped): refusals by reason, buys, dropped connections by cause, chat, lots, logins,
/// images, and the bid latency histogram. Every update is a relaxed atomic add into slots allocated
/// at start: nothing allocates or locks, on the bid path or elsewhere. Exists only with `--metrics-port`.
final class ServerMetrics: Sendable {
    /// Why the server dropped a socket connection (or refused it).
    enum DropCause: Int, CaseIterable, Sendable {
        /// Output held past the write deadline with no byte accepted.
        case writeDeadline
        /// Output past the hard bound (or refused by the connection's own output limit).
        case hardLimit
        /// A fatal frame (too large) or too many malformed frames.
        case malformed
        /// Refused at the connection limit.
        case limit

        /// The `cause` label value.
        var label: String {
            switch self {
            case .writeDeadline: "write_deadline"
            case .hardLimit: "hard_limit"
            case .malformed: "malformed"
            case .limit: "limit"
            }
        }
    }

    /// Plain counts, one slot each.
    enum Tally: Int, CaseIterable, Sendable {
        case buys, chatMessages, closedConnectionBytes
        case lotsListed, lotsEdited, lotsWithdrawn
        case loginsOK, loginsFailed, loginsRateLimited
        case imagesAccepted, imagesRefused
    }

    private static let refusalIndex: [RefusalReason: Int] = Dictionary(
        uniqueKeysWithValues: RefusalReason.allCases.enumerated().map { ($0.element, $0.offset) })
    private let refusalSlots = AtomicSlots(count: RefusalReason.allCases.count)
    private let dropSlots = AtomicSlots(count: DropCause.allCases.count)
    private let tallySlots = AtomicSlots(count: Tally.allCases.count)
    /// Decision → commit → reply of every committed bid and buy, in nanoseconds.
    let bidLatency = AtomicHistogram(bounds: AtomicHistogram.latencyBounds)

    /// Zeroed counters.
    init() {}

    /// Counts a bid or buy refused with `reason` (nil: not refused, nothing counted).
    @inline(__always)
    func refused(_ reason: RefusalReason?) {
        guard let reason, let index = Self.refusalIndex[reason] else { return }
        refusalSlots.add(index)
    }

    /// Counts a connection dropped (or refused) for `cause`.
    @inline(__always)
    func dropped(_ cause: DropCause) {
        dropSlots.add(cause.rawValue)
    }

    /// Adds `amount` to a tally.
    @inline(__always)
    func count(_ tally: Tally, _ amount: Int = 1) {
        tallySlots.add(tally.rawValue, amount)
    }

    /// Observes the latency of committed decisions now answered (their `decidedAt` set when decided).
    func replied(to batch: [PendingBid]) {
        let now = MonotonicClock.nanoseconds()
        for item in batch where item.decidedAt > 0 { bidLatency.observe(Int(now - item.decidedAt)) }
    }

    /// The refusal count of `reason` now.
    func refusals(_ reason: RefusalReason) -> Int { Self.refusalIndex[reason].map { refusalSlots.load($0) } ?? 0 }

    /// The drop count of `cause` now.
    func drops(_ cause: DropCause) -> Int { dropSlots.load(cause.rawValue) }

    /// A tally now.
    func tally(_ tally: Tally) -> Int { tallySlots.load(tally.rawValue) }
}

extension Optional where Wrapped == ServerMetrics {
    /// `written`, after counting `tally` once when it is true (a seller's stored change).
    func counting(_ tally: ServerMetrics.Tally, _ written: Bool) -> Bool {
        if written { self?.count(tally) }
        return written
    }
}
