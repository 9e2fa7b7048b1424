/// Stable words for failures, for `--json` and scripts (the sentences may change; these do not).
extension VerificationFailure.Reason {
    /// `hash_does_not_follow`, `out_of_place`, `head_bad_signature`, `rule_below_minimum`, …
    public var code: String {
        switch self {
        case .emptyLog: "empty_log"
        case .malformed: "malformed"
        case .outOfPlace: "out_of_place"
        case .otherLot: "other_lot"
        case .seqDiffers: "seq_differs"
        case .hashDoesNotFollow: "hash_does_not_follow"
        case .head(let fault): "head_" + fault.code
        case .receiptMissing: "receipt_missing"
        case .receiptDiffers: "receipt_differs"
        case .receiptOtherLot: "receipt_other_lot"
        case .receiptHead(let fault): "receipt_head_" + fault.code
        case .rule(let breach): "rule_" + breach.code
        }
    }
}

extension VerificationFailure.HeadFault {
    /// `other_lot`, `beyond_log`, `hash_differs`, `path_does_not_fit`, `unknown_key`, `key_not_valid`, `bad_signature`.
    public var code: String {
        switch self {
        case .unsigned: "unsigned"
        case .otherLot: "other_lot"
        case .beyondLog: "beyond_log"
        case .hashDiffers: "hash_differs"
        case .pathDoesNotFit: "path_does_not_fit"
        case .unknownKey: "unknown_key"
        case .keyNotValid: "key_not_valid"
        case .badSignature: "bad_signature"
        }
    }
}

extension RuleBreach {
    /// `not_listed_first`, `below_minimum`, `missing_extension`, `winner`, …
    public var code: String {
        switch self {
        case .notListedFirst: "not_listed_first"
        case .listedAgain: "listed_again"
        case .afterTheEnd: "after_the_end"
        case .bidAfterEnd: "bid_after_end"
        case .bidSeq: "bid_seq"
        case .previousPrice: "previous_price"
        case .belowMinimum: "below_minimum"
        case .automaticWithoutLeader: "automatic_without_leader"
        case .automaticNotLeader: "automatic_not_leader"
        case .challenge: "challenge"
        case .answerBelowChallenge: "answer_below_challenge"
        case .extensionWithoutBid: "extension_without_bid"
        case .wrongExtension: "wrong_extension"
        case .missingExtension: "missing_extension"
        case .editAfterBids: "edit_after_bids"
        case .retractedNotABid: "retracted_not_a_bid"
        case .retractedTwice: "retracted_twice"
        case .retractionState: "retraction_state"
        case .finalPrice: "final_price"
        case .closedBeforeEnd: "closed_before_end"
        case .winner: "winner"
        case .notBought: "not_bought"
        case .reserveNotRevealed: "reserve_not_revealed"
        case .reserveCommitment: "reserve_commitment"
        case .reserveMet: "reserve_met"
        case .reserveStep: "reserve_step"
        case .buyAfterReserveMet: "buy_after_reserve_met"
        }
    }
}
