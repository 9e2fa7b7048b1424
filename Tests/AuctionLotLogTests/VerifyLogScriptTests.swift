import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Foundation
import Testing

/// `scripts/verify-log`, the verifier written from docs/PROTOCOL.md alone, run on logs built here.
@Suite struct VerifyLogScriptTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    private static let script = root + "/scripts/verify-log"

    /// A lot with every kind of entry: listed with a reserve, bids, an extension, an edit, a retraction, the close.
    private func log() -> LotLogFixture {
        var log = LotLogFixture()
        let reserve = RevealedReserve(price: 1_100, nonce: [UInt8](repeating: 7, count: 16))
        let end = log.now.adding(milliseconds: 100_000)
        let terms = LotLogTerms(startPrice: 1_000, endsAt: end, extendWindowMilliseconds: 60_000, extendByMilliseconds: 120_000,
                                reserveCommitment: reserve.commitment)
        let alice = LotAlias(bytes: [1, 2, 3, 4, 5, 6, 7, 8])!
        log.append(.listed(terms, price: 1_000, bidCount: 0))
        log.append(.edited(terms))
        log.append(.bid(LotLogBid(bidSeq: 1, price: 1_000, previousPrice: 1_000, bidder: alice, isAutomatic: false)))
        let late = end.adding(milliseconds: -10_000)
        log.append(.bid(LotLogBid(bidSeq: 2, price: 1_050, previousPrice: 1_000, bidder: .nobody, isAutomatic: false)), at: late)
        log.append(.extended(endsAt: late.adding(milliseconds: 120_000), extensions: 1))
        log.append(.retracted(entry: 4, reason: "shill_bidding", price: 1_000, bidCount: 2))
        log.append(.closed(LotLogClose(finalPrice: 1_000, winner: nil, reserveMet: false, bought: false, reserve: reserve)),
                   at: late.adding(milliseconds: 120_000))
        return log
    }

    private func run(_ log: LotLogFixture, entries: [ServedEntry]? = nil, head: SignedHead? = nil) throws -> ProcessResult {
        let folder = try TemporaryDirectory(prefix: "verify-log")
        defer { folder.remove() }
        let page = LotLogPage(lot: log.lot, entries: entries ?? log.served, nextAfter: nil, head: head ?? log.signedHead())
        try LotLogDTO.pageJSON(page).jsonText.write(toFile: folder.file("log.json"), atomically: true, encoding: .utf8)
        try log.keysJSON().write(toFile: folder.file("keys.json"), atomically: true, encoding: .utf8)
        return try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--log", folder.file("log.json"), "--keys", folder.file("keys.json")],
                                     timeout: 120)
    }

    @Test func verifiesALogBuiltHere() throws {
        // Given a log the Swift side verifies
        let log = log()
        _ = try LotLogVerifierTests.verifier.verify(LotLogVerifier.Input(lot: log.lot, entries: log.served, head: log.signedHead(),
                                                                          keys: [log.houseKey]))
        // When the Python verifier reads it, then it agrees
        let result = try run(log)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "verified: 7 entries, head \(Hex.encode(log.lastHash).prefix(8))…\n")
    }

    @Test func verifiesAHeadSignedAmongOthers() throws {
        let log = log()
        let others = (1...4).map { LogHead(lot: ProductID($0 + 10), seq: UInt64($0), hash: SHA256.hash([UInt8($0)])) }
        let result = try run(log, head: log.signedHead(index: 3, others: others))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func namesTheEntryOfATamperedCopy() throws {
        let log = log()
        var entries = log.served
        entries[2].bytes[entries[2].bytes.count - 2] ^= 1  // a byte of the bidder's alias
        var result = try run(log, entries: entries)
        #expect(result.status == 1)
        #expect(result.stdout == "verification failed at entry 3: the hash does not follow the entry before it\n")
        entries = log.served
        entries.remove(at: 3)
        result = try run(log, entries: entries)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("verification failed at entry 4: it is served as entry 5"))
    }

    @Test func refusesAHeadSignedByAnotherKey() throws {
        let log = log()
        let other = try #require(Ed25519PrivateKey(seed: LotLogFixture.otherSeed))
        let result = try run(log, head: log.signedHead(signer: other))
        #expect(result.status == 1)
        #expect(result.stdout.contains("verification failed at entry 7: the log's signed head: it is signed by key"))
        var forged = log.signedHead()
        forged.signature[40] ^= 1
        #expect(try run(log, head: forged).stdout == "verification failed at entry 7: the log's signed head: its signature does not verify\n")
    }
}
