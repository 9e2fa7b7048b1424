import AuctionCore

/// The domain's receipts (`BidReceipt`, `SignedHeadProof` in AuctionCore, what the server's commits
/// return) as the verifier's values, and back: one shape on the wire, read by `BidReceiptDTO`.
extension SignedHead {
    /// The head a proof states.
    public init(_ proof: SignedHeadProof) {
        self.init(head: LogHead(lot: proof.lot, seq: proof.seq, hash: proof.hash), signedAt: Timestamp(millisecondsSinceEpoch: proof.signedAt),
                  keyID: proof.keyID, leafIndex: proof.leafIndex, leafCount: proof.leafCount, path: proof.path, signature: proof.signature)
    }

    /// The head as the domain's proof.
    public var proof: SignedHeadProof {
        SignedHeadProof(lot: head.lot, seq: head.seq, hash: head.hash, signedAt: signedAt.millisecondsSinceEpoch, keyID: keyID,
                        leafIndex: leafIndex, leafCount: leafCount, path: path, signature: signature)
    }
}

extension LotReceipt {
    /// The receipt a bid's reply carried.
    public init(_ receipt: BidReceipt) {
        self.init(lot: receipt.lot, seq: receipt.seq, bytes: receipt.entry, hash: receipt.hash, head: SignedHead(receipt.head))
    }

    /// The receipt as the domain's value.
    public var bidReceipt: BidReceipt {
        BidReceipt(lot: lot, seq: seq, entry: bytes, hash: hash, head: head.proof)
    }
}
