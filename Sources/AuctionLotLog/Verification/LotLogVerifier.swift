import AuctionCore
import AuctionEngine

/// Checks a lot's log as served, from the document alone (docs/PROTOCOL.md, "The lot log"): every
/// entry decodes and sits at its place, the hashes chain, the signed head is the log's and its
/// signature verifies under a listed key, every receipt is in the log unchanged, and the entries
/// replay under the engine's rules. The signature check is passed in, so this module needs no OpenSSL.
public struct LotLogVerifier: Sendable {
    /// Whether `signature` is `publicKey`'s Ed25519 signature of `message` (the CLI passes `Ed25519.isValid`).
    public typealias SignatureCheck = @Sendable (_ signature: [UInt8], _ message: [UInt8], _ publicKey: [UInt8]) -> Bool

    /// What a verification reads: the served log, the house's keys and the viewer's receipts.
    public struct Input: Sendable {
        /// The lot asked for.
        public var lot: ProductID
        /// The entries as served, in the order served.
        public var entries: [ServedEntry]
        /// The head served with the log (nil: the server sent none).
        public var head: SignedHead?
        /// The house's keys (`GET /log/keys`).
        public var keys: [HouseKey]
        /// The viewer's receipts for this lot.
        public var receipts: [LotReceipt]
        /// The viewer's alias on the lot (`your_alias`), to count their bids.
        public var alias: LotAlias?

        /// Creates an input.
        public init(lot: ProductID, entries: [ServedEntry], head: SignedHead?, keys: [HouseKey], receipts: [LotReceipt] = [],
                    alias: LotAlias? = nil) {
            self.lot = lot
            self.entries = entries
            self.head = head
            self.keys = keys
            self.receipts = receipts
            self.alias = alias
        }
    }

    private let isValid: SignatureCheck
    private let increments: IncrementTable

    /// A verifier that checks signatures with `signatureCheck` and replays bids by `increments`.
    public init(increments: IncrementTable = .standard, signatureCheck: @escaping SignatureCheck) {
        isValid = signatureCheck
        self.increments = increments
    }

    /// Verifies `input`; throws the first failure by seq (entries first, then the head, then receipts).
    public func verify(_ input: Input) throws(VerificationFailure) -> VerificationReport {
        guard !input.entries.isEmpty else { throw VerificationFailure(seq: 1, .emptyLog) }
        var hashes: [[UInt8]] = []
        hashes.reserveCapacity(input.entries.count)
        var replay = LotLogReplay(increments: increments)
        var aliasBids: [UInt64] = []
        var previous = LotLogChain.genesis
        for (index, served) in input.entries.enumerated() {
            let seq = UInt64(index) + 1
            guard served.seq == seq else { throw VerificationFailure(seq: seq, .outOfPlace(served: served.seq)) }
            let entry: LotLogEntry
            do { entry = try LotLogEntry(canonicalBytes: served.bytes) } catch {
                throw VerificationFailure(seq: seq, .malformed(error))
            }
            guard entry.lot == input.lot else { throw VerificationFailure(seq: seq, .otherLot(entry.lot)) }
            guard entry.seq == seq else { throw VerificationFailure(seq: seq, .seqDiffers(found: entry.seq)) }
            let hash = LotLogChain.hash(of: served.bytes, after: previous)
            guard hash == served.hash else { throw VerificationFailure(seq: seq, .hashDoesNotFollow) }
            try replay.apply(entry)
            if case .bid(let bid) = entry.event, let alias = input.alias, bid.bidder == alias { aliasBids.append(seq) }
            hashes.append(hash)
            previous = hash
        }
        try replay.finish()
        guard let head = input.head else { throw VerificationFailure(seq: UInt64(hashes.count), .head(.unsigned)) }
        if let fault = fault(of: head, lot: input.lot, hashes: hashes, keys: input.keys) {
            throw VerificationFailure(seq: head.head.seq, .head(fault))
        }
        var found: [UInt64] = []
        for receipt in input.receipts.sorted(by: { $0.seq < $1.seq }) {
            try check(receipt, lot: input.lot, entries: input.entries, hashes: hashes, keys: input.keys)
            found.append(receipt.seq)
        }
        return VerificationReport(lot: input.lot, entryCount: UInt64(input.entries.count), head: head.head,
                                  signedAt: head.signedAt, receiptsFound: found, final: replay.lot, bidsByAlias: aliasBids)
    }

    /// Checks one receipt: its entry is the log's at its seq, and its own head is the log's and verifies.
    private func check(_ receipt: LotReceipt, lot: ProductID, entries: [ServedEntry], hashes: [[UInt8]],
                       keys: [HouseKey]) throws(VerificationFailure) {
        guard receipt.lot == lot else { throw VerificationFailure(seq: receipt.seq, .receiptOtherLot(receipt.lot)) }
        guard receipt.seq >= 1, receipt.seq <= UInt64(entries.count) else {
            throw VerificationFailure(seq: receipt.seq, .receiptMissing(last: UInt64(entries.count)))
        }
        let index = Int(receipt.seq) - 1
        guard entries[index].bytes == receipt.bytes, hashes[index] == receipt.hash else {
            throw VerificationFailure(seq: receipt.seq, .receiptDiffers)
        }
        if receipt.head.head.seq < receipt.seq {
            throw VerificationFailure(seq: receipt.seq, .receiptHead(.hashDiffers))
        }
        if let fault = fault(of: receipt.head, lot: lot, hashes: hashes, keys: keys) {
            throw VerificationFailure(seq: receipt.seq, .receiptHead(fault))
        }
    }

    /// What is wrong with `signed` as a head of this log, or nil when it is the log's and verifies.
    public func fault(of signed: SignedHead, lot: ProductID, hashes: [[UInt8]], keys: [HouseKey]) -> VerificationFailure.HeadFault? {
        let head = signed.head
        guard head.lot == lot else { return .otherLot(head.lot) }
        guard head.seq >= 1, head.seq <= UInt64(hashes.count) else { return .beyondLog(last: UInt64(hashes.count)) }
        guard hashes[Int(head.seq) - 1] == head.hash else { return .hashDiffers }
        guard let message = signed.signedMessage else { return .pathDoesNotFit }
        // A key is one listed under the head's id whose id really is its hash (a key may be listed
        // more than once, for spans of validity with a gap between).
        let listed = keys.filter { $0.keyID == signed.keyID && KeyID.of(publicKey: $0.publicKey) == $0.keyID }
        guard !listed.isEmpty else { return .unknownKey(signed.keyID) }
        let valid = listed.filter { $0.covers(signed.signedAt) }
        guard !valid.isEmpty else { return .keyNotValid(at: signed.signedAt) }
        guard valid.contains(where: { isValid(signed.signature, message, $0.publicKey) }) else { return .badSignature }
        return nil
    }
}
