import AuctionCore

/// Why a lot's log did not verify: the first entry (by seq) found wrong, and what is wrong with it.
public struct VerificationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The seq of the entry that fails (a head's or a receipt's own seq when the fault is theirs).
    public var seq: UInt64
    /// What is wrong.
    public var reason: Reason

    /// Creates a failure.
    public init(seq: UInt64, _ reason: Reason) {
        self.seq = seq
        self.reason = reason
    }

    /// `entry N: <why>`.
    public var description: String { "entry \(seq): \(reason)" }

    /// What a signed head can get wrong (the log's own head, or a receipt's).
    public enum HeadFault: Hashable, Sendable, CustomStringConvertible {
        /// The log came with no signed head at all.
        case unsigned
        /// The head names another lot.
        case otherLot(ProductID)
        /// The head lies beyond the log's last entry.
        case beyondLog(last: UInt64)
        /// The head's hash is not the log's hash at its seq.
        case hashDiffers
        /// The leaf and path do not fit the leaf count.
        case pathDoesNotFit
        /// No listed key has the head's key id.
        case unknownKey([UInt8])
        /// The key's validity does not cover `signed_at`.
        case keyNotValid(at: Timestamp)
        /// The signature does not verify.
        case badSignature

        /// A sentence.
        public var description: String {
            switch self {
            case .unsigned: "there is none: nothing vouches for the entries"
            case .otherLot(let lot): "it is the head of lot \(lot.rawValue)"
            case .beyondLog(let last): "it is signed beyond the log's last entry, \(last) (entries were removed)"
            case .hashDiffers: "its hash is not the log's hash at that entry"
            case .pathDoesNotFit: "its leaf and path do not fit its leaf count"
            case .unknownKey(let id): "it is signed by key \(Hex.encode(id)), which the house does not list"
            case .keyNotValid(let time): "its key was not valid when it was signed (\(time.millisecondsSinceEpoch) ms)"
            case .badSignature: "its signature does not verify"
            }
        }
    }

    /// What is wrong with an entry, a head or a receipt.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The log has no entries.
        case emptyLog
        /// The canonical bytes do not decode.
        case malformed(LotLogError)
        /// The page gives another seq than the entry's place (a gap, a repeat or a reordering).
        case outOfPlace(served: UInt64)
        /// The bytes name another lot.
        case otherLot(ProductID)
        /// The bytes give another seq than the entry's place.
        case seqDiffers(found: UInt64)
        /// The chained hash is not the one served.
        case hashDoesNotFollow
        /// The log's signed head is wrong.
        case head(HeadFault)
        /// A receipt's entry is not in the log (it is shorter).
        case receiptMissing(last: UInt64)
        /// The log holds other bytes or another hash where a receipt's entry was.
        case receiptDiffers
        /// A receipt is for another lot.
        case receiptOtherLot(ProductID)
        /// A receipt's own head is wrong, or is not consistent with the log.
        case receiptHead(HeadFault)
        /// The entries do not follow the auction's rules.
        case rule(RuleBreach)

        /// A sentence.
        public var description: String {
            switch self {
            case .emptyLog: "the log has no entries"
            case .malformed(let error): "its bytes do not decode (\(error))"
            case .outOfPlace(let served): "it is served as entry \(served) (entries are missing, repeated or reordered)"
            case .otherLot(let lot): "its bytes belong to lot \(lot.rawValue)"
            case .seqDiffers(let found): "its bytes say it is entry \(found)"
            case .hashDoesNotFollow: "the hash does not follow the entry before it"
            case .head(let fault): "the log's signed head: \(fault)"
            case .receiptMissing(let last): "your receipt's entry is missing: the log ends at entry \(last)"
            case .receiptDiffers: "the log holds other bytes there than your receipt"
            case .receiptOtherLot(let lot): "the receipt is for lot \(lot.rawValue)"
            case .receiptHead(let fault): "your receipt's signed head: \(fault)"
            case .rule(let breach): breach.description
            }
        }
    }
}
