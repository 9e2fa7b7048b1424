import AuctionCore
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Testing

@Suite struct LotLogVerifierTests {
    static let verifier = LotLogVerifier { signature, message, key in Ed25519.isValid(signature: signature, of: message, publicKey: key) }
    private let alice = LotLogSamples.alice, bob = LotLogSamples.bob

    /// A lot with two bidders: listed, three bids, closed.
    private func auction() -> LotLogFixture {
        var log = LotLogFixture()
        let end = log.now.adding(milliseconds: 3_600_000)
        log.append(.listed(LotLogTerms(startPrice: 1_000, endsAt: end), price: 1_000, bidCount: 0))
        log.append(.bid(LotLogBid(bidSeq: 1, price: 1_000, previousPrice: 1_000, bidder: alice, isAutomatic: false)))
        log.append(.bid(LotLogBid(bidSeq: 2, price: 1_050, previousPrice: 1_000, bidder: bob, isAutomatic: false)))
        log.append(.bid(LotLogBid(bidSeq: 3, price: 1_100, previousPrice: 1_050, bidder: alice, isAutomatic: false)))
        log.append(.closed(LotLogClose(finalPrice: 1_100, winner: alice, reserveMet: true, bought: false)), at: end)
        return log
    }

    private func verify(_ log: LotLogFixture, entries: [ServedEntry]? = nil, head: SignedHead? = nil, keys: [HouseKey]? = nil,
                        receipts: [LotReceipt] = [], alias: LotAlias? = nil) throws(VerificationFailure) -> VerificationReport {
        try Self.verifier.verify(LotLogVerifier.Input(lot: log.lot, entries: entries ?? log.served, head: head ?? log.signedHead(),
                                                      keys: keys ?? [log.houseKey], receipts: receipts, alias: alias))
    }

    private func failure(_ body: () throws(VerificationFailure) -> VerificationReport) -> VerificationFailure? {
        do { _ = try body(); return nil } catch { return error }
    }

    @Test func anHonestLogVerifiesWithItsReceipts() throws {
        let log = auction()
        let report = try verify(log, receipts: [log.receipt(at: 2), log.receipt(at: 4)], alias: alice)
        #expect(report.entryCount == 5)
        #expect(report.head == log.signedHead().head)
        #expect(report.receiptsFound == [2, 4])
        #expect(report.bidsByAlias == [2, 4])
        #expect(report.final.status == .closed(sold: true, bought: false))
        #expect(report.final.price == 1_100)
        #expect(report.final.leader == .alias(alice))
    }

    @Test func aHeadAmongOthersInItsBatchVerifies() throws {
        let log = auction()
        let others = (1...6).map { LogHead(lot: ProductID($0 + 10), seq: UInt64($0), hash: SHA256.hash([UInt8($0)])) }
        for index in 0...6 {
            _ = try verify(log, head: log.signedHead(index: index, others: others))
        }
    }

    @Test func aChangedPriceIsNamedAtItsEntry() {
        let log = auction()
        var entries = log.served
        // The house rewrites entry 3's price and its hash, as one would to hide it.
        var entry = log.chained[2].entry
        entry.event = .bid(LotLogBid(bidSeq: 2, price: 1_060, previousPrice: 1_000, bidder: bob, isAutomatic: false))
        entries[2] = ServedEntry(seq: 3, bytes: entry.canonicalBytes, hash: LotLogChain.hash(of: entry.canonicalBytes, after: log.chained[1].hash))
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 4, .hashDoesNotFollow))
        // Served with its old hash, the entry itself fails.
        entries[2].hash = log.chained[2].hash
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 3, .hashDoesNotFollow))
    }

    @Test func aDeletedEntryLeavesAGap() {
        let log = auction()
        var entries = log.served
        entries.remove(at: 2)
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 3, .outOfPlace(served: 4)))
    }

    @Test func renumberedEntriesAfterADeletionBreakTheChain() {
        let log = auction()
        var entries = log.served
        entries.remove(at: 2)
        for index in 2..<entries.count { entries[index].seq -= 1 }
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 3, .seqDiffers(found: 4)))
    }

    @Test func swappedBidsAreOutOfPlace() {
        let log = auction()
        var entries = log.served
        entries.swapAt(2, 3)
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 3, .outOfPlace(served: 4)))
    }

    @Test func anInsertedEntryIsNamed() {
        let log = auction()
        var entries = log.served
        let phantom = LotLogEntry(lot: log.lot, seq: 3, time: log.chained[2].entry.time,
                                  event: .bid(LotLogBid(bidSeq: 2, price: 1_050, previousPrice: 1_000, bidder: .nobody, isAutomatic: false)))
        entries.insert(ServedEntry(ChainedEntry(phantom, after: log.chained[1].hash)), at: 2)
        for index in 3..<entries.count { entries[index].seq += 1 }
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }
            == VerificationFailure(seq: 4, .seqDiffers(found: 3)))
    }

    @Test func aHeadReSignedWithAnotherKeyFails() throws {
        let log = auction()
        let other = try #require(Ed25519PrivateKey(seed: LotLogFixture.otherSeed))
        let forged = log.signedHead(signer: other)
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: forged) }
            == VerificationFailure(seq: 5, .head(.unknownKey(KeyID.of(publicKey: other.publicKey)))))
        // Listing the other key under the house's id does not help: an id is its key's hash.
        var impostor = HouseKey(publicKey: other.publicKey, validFrom: LotLogFixture.keyValidFrom)
        impostor.keyID = log.houseKey.keyID
        var head = forged
        head.keyID = log.houseKey.keyID
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: head, keys: [impostor]) }
            == VerificationFailure(seq: 5, .head(.unknownKey(log.houseKey.keyID))))
        // The house's key with a forged signature fails on the signature.
        head = log.signedHead()
        head.signature[0] ^= 1
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: head) } == VerificationFailure(seq: 5, .head(.badSignature)))
    }

    @Test func aKeyOutsideItsValidityFails() {
        let log = auction()
        var key = log.houseKey
        key.validUntil = log.now.adding(milliseconds: -1)
        #expect(failure { () throws(VerificationFailure) in try verify(log, keys: [key]) }
            == VerificationFailure(seq: 5, .head(.keyNotValid(at: log.now))))
        key = HouseKey(publicKey: log.key.publicKey, validFrom: log.now.adding(milliseconds: 1))
        #expect(failure { () throws(VerificationFailure) in try verify(log, keys: [key]) }
            == VerificationFailure(seq: 5, .head(.keyNotValid(at: log.now))))
    }

    @Test func aRotatedKeyVerifiesTheHeadsItSignedInItsTime() throws {
        // Given the house's earlier key, vouched for until a moment, and its current key
        let log = auction()
        let old = try #require(Ed25519PrivateKey(seed: LotLogFixture.otherSeed))
        let rotation = log.now.adding(milliseconds: -10)
        let keys = [HouseKey(publicKey: old.publicKey, validFrom: LotLogFixture.keyValidFrom, validUntil: rotation),
                    HouseKey(publicKey: log.key.publicKey, validFrom: rotation)]
        // Then a head the old key signed before the rotation verifies, one it signed after does not
        _ = try verify(log, head: log.signedHead(signedAt: rotation, signer: old), keys: keys)
        _ = try verify(log, head: log.signedHead(), keys: keys)
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: log.signedHead(signer: old), keys: keys) }
            == VerificationFailure(seq: 5, .head(.keyNotValid(at: log.now))))
    }

    @Test func aHeadBeyondTheLogOrOffItFails() {
        let log = auction()
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: Array(log.served.prefix(4))) }
            == VerificationFailure(seq: 5, .head(.beyondLog(last: 4))))
        var head = log.signedHead()
        head.head.hash[0] ^= 1
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: head) } == VerificationFailure(seq: 5, .head(.hashDiffers)))
        head = log.signedHead()
        head.leafCount = 2
        #expect(failure { () throws(VerificationFailure) in try verify(log, head: head) } == VerificationFailure(seq: 5, .head(.pathDoesNotFit)))
    }

    @Test func aHeadBelowTheLastEntryStillVerifies() throws {
        let log = auction()
        let report = try verify(log, head: log.signedHead(at: 3))
        #expect(report.head.seq == 3)
        #expect(report.entryCount == 5)
    }

    @Test func aReceiptsEntryMissingFromTheLogIsNamed() {
        // Given a receipt for the last bid, which the house then drops with everything after it
        let log = auction()
        let receipt = log.receipt(at: 4)
        var shorter = LotLogFixture()
        for link in log.chained.prefix(3) { shorter.append(link.entry.event, at: link.entry.time) }
        #expect(failure { () throws(VerificationFailure) in
            try verify(shorter, receipts: [receipt])
        } == VerificationFailure(seq: 4, .receiptMissing(last: 3)))
    }

    @Test func aReceiptWhoseEntryChangedIsNamed() {
        // Given a receipt for bob's bid at entry 3, and a log rebuilt with another bid there
        let log = auction()
        let receipt = log.receipt(at: 3)
        var rebuilt = LotLogFixture()
        for link in log.chained.prefix(2) { rebuilt.append(link.entry.event, at: link.entry.time) }
        rebuilt.append(.bid(LotLogBid(bidSeq: 2, price: 1_070, previousPrice: 1_000, bidder: bob, isAutomatic: false)),
                       at: log.chained[2].entry.time)
        #expect(failure { () throws(VerificationFailure) in try verify(rebuilt, receipts: [receipt]) }
            == VerificationFailure(seq: 3, .receiptDiffers))
    }

    @Test func aReceiptsOwnHeadMustVerify() {
        let log = auction()
        var receipt = log.receipt(at: 2)
        receipt.head.signature[5] ^= 1
        #expect(failure { () throws(VerificationFailure) in try verify(log, receipts: [receipt]) }
            == VerificationFailure(seq: 2, .receiptHead(.badSignature)))
        receipt = log.receipt(at: 2)
        receipt.lot = ProductID(6)
        #expect(failure { () throws(VerificationFailure) in try verify(log, receipts: [receipt]) }
            == VerificationFailure(seq: 2, .receiptOtherLot(ProductID(6))))
    }

    @Test func entriesOfAnotherLotOrUndecodableOnesAreNamed() {
        let log = auction()
        var entries = log.served
        entries[1].bytes.append(0)
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: entries) }?.reason
            == .malformed(.malformedEntry("bytes after the bid entry's fields")))
        #expect(failure { () throws(VerificationFailure) in
            try Self.verifier.verify(LotLogVerifier.Input(lot: ProductID(6), entries: log.served, head: log.signedHead(), keys: [log.houseKey]))
        } == VerificationFailure(seq: 1, .otherLot(ProductID(5))))
        #expect(failure { () throws(VerificationFailure) in try verify(log, entries: []) } == VerificationFailure(seq: 1, .emptyLog))
    }

    @Test func aTenThousandEntryLogVerifies() throws {
        // Given a busy lot: a listing, 9,998 bids among three bidders, the close
        let log = LotLogFixture.busyLot(bids: 9_998, bidders: [alice, bob, .nobody])
        let clock = SystemClock()
        let started = clock.monotonicMilliseconds()
        // When it is verified
        let report = try verify(log, alias: bob)
        // Then every entry counted, the replay ends sold, and the time is on record (not a timed test)
        print("verified 10,000 entries in \(clock.monotonicMilliseconds() - started) ms")
        #expect(report.entryCount == 10_000)
        #expect(report.bidsByAlias.count == 3_333)
        #expect(report.final.status == .closed(sold: true, bought: false))
    }
}
