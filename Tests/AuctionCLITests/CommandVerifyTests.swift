import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Testing

@Suite struct CommandVerifyTests {
    static let alice = LotAlias(bytes: [0xa4, 0x1c, 1, 2, 3, 4, 5, 6])!
    static let bob = LotAlias(bytes: [0xb0, 0xb0, 1, 2, 3, 4, 5, 6])!

    /// Listed, five bids between alice and bob (alice's at entries 2, 4, 6), then the close.
    private func auction() -> LotLogFixture {
        var log = LotLogFixture()
        let end = log.now.adding(milliseconds: 3_600_000)
        log.append(.listed(LotLogTerms(startPrice: 1_000, endsAt: end), price: 1_000, bidCount: 0))
        var price = Money(1_000)
        for index in 0..<5 {
            let next = index == 0 ? price : price + 50
            log.append(.bid(LotLogBid(bidSeq: Int64(index + 1), price: next, previousPrice: price,
                                      bidder: index % 2 == 0 ? Self.alice : Self.bob, isAutomatic: false)))
            price = next
        }
        log.append(.closed(LotLogClose(finalPrice: price, winner: Self.alice, reserveMet: true, bought: false)), at: end)
        return log
    }

    @Test func anHonestLogVerifiesWithTheViewersBidsAndIsMarkedInTheStore() async throws {
        // Given a lot's log served in pages of 3 entries, with alice's alias, and two of her receipts kept
        let log = auction()
        let server = try LotLogFakeServer(lot: log.lot, pages: log.pages(pageSize: 3, alias: Self.alice), keys: log.keysJSON())
        defer { server.stop() }
        try server.store.save([log.receipt(at: 2), log.receipt(at: 4)])
        // When it is verified
        let run = await CommandHarness.run(["verify", "5"], environment: server.environment())
        // Then every page was read and the line says so
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("verified: 7 entries, head \(Hex.encode(log.lastHash).prefix(8))…, your 3 bids included\n"))
        #expect(run.stdout.contains("lot 5 as its log makes it: sold for 1,200 after 5 bids to a41c0102…"))
        // And the verification is recorded for `show` and `receipts`
        let record = try #require(VerifiedHeads(beside: server.store).record(for: ProductID(5)))
        #expect(record.seq == 7)
        #expect(record.hash == log.lastHash)
        let receipts = await CommandHarness.run(["receipts", "--json"], environment: server.environment())
        let json = try JSONValue.parse(receipts.stdout)
        #expect(json["receipts"]?.arrayValue?.map { $0["seq"]?.intValue } == [2, 4])
        #expect(json["receipts"]?.arrayValue?.allSatisfy { $0["verified"]?.boolValue == true } == true)
        #expect(json["receipts"]?.arrayValue?.first?["price"]?.intValue == 1_000)
    }

    @Test func jsonStatesTheOutcome() async throws {
        let log = auction()
        let server = try LotLogFakeServer(log)
        defer { server.stop() }
        let run = await CommandHarness.run(["verify", "5", "--json"], environment: server.environment())
        #expect(run.status == .success)
        let json = try JSONValue.parse(run.stdout)
        #expect(json["verified"]?.boolValue == true)
        #expect(json["entries"]?.intValue == 7)
        #expect(json["head"]?["hash"]?.stringValue == Hex.encode(log.lastHash))
        #expect(json["state"]?["status"]?.stringValue == "sold")
        #expect(json["state"]?["leader"]?.stringValue == Self.alice.description)
    }

    /// Runs `verify 5` against `pages` of `log` (and `keys`) and returns the failing run.
    private func failing(_ log: LotLogFixture, pages: [UInt64: String], keys: String? = nil,
                         receipts: [LotReceipt] = []) async throws -> CommandRun {
        let server = try LotLogFakeServer(lot: log.lot, pages: pages, keys: keys ?? log.keysJSON())
        defer { server.stop() }
        try server.store.save(receipts)
        // A verification recorded earlier is forgotten when the log fails now.
        try VerifiedHeads(beside: server.store).save(VerifiedHeads.Record(lot: log.lot, seq: 1, hash: log.lastHash, entries: 1,
                                                                          verifiedAt: Timestamp(millisecondsSinceEpoch: 0)))
        let run = await CommandHarness.run(["verify", "5"], environment: server.environment())
        #expect(VerifiedHeads(beside: server.store).record(for: ProductID(5)) == nil)
        return run
    }

    @Test func aBidsChangedPriceIsNamed() async throws {
        let log = auction()
        var entries = log.served
        var entry = log.chained[3].entry
        entry.event = .bid(LotLogBid(bidSeq: 3, price: 1_500, previousPrice: 1_050, bidder: Self.alice, isAutomatic: false))
        entries[3].bytes = entry.canonicalBytes
        let run = try await failing(log, pages: log.pages(entries))
        #expect(run.status == .unverified)
        #expect(run.stderr == "auction: verification failed at entry 4: the hash does not follow the entry before it\n")
    }

    @Test func aDeletedBidIsNamed() async throws {
        let log = auction()
        var entries = log.served
        entries.remove(at: 2)
        let run = try await failing(log, pages: log.pages(entries))
        #expect(run.status == .unverified)
        #expect(run.stderr.contains("verification failed at entry 3: it is served as entry 4"))
    }

    @Test func swappedBidsAreNamed() async throws {
        let log = auction()
        var entries = log.served
        entries.swapAt(2, 3)
        (entries[2].seq, entries[3].seq) = (3, 4)
        let run = try await failing(log, pages: log.pages(entries))
        #expect(run.status == .unverified)
        #expect(run.stderr.contains("verification failed at entry 3: its bytes say it is entry 4"))
    }

    @Test func anInsertedEntryIsNamed() async throws {
        // Given a phantom bid inserted as entry 3, chained properly, and everything after renumbered
        let log = auction()
        var rebuilt = LotLogFixture()
        for link in log.chained.prefix(2) { rebuilt.append(link.entry.event, at: link.entry.time) }
        rebuilt.append(.bid(LotLogBid(bidSeq: 2, price: 1_050, previousPrice: 1_000, bidder: .nobody, isAutomatic: false)))
        var entries = rebuilt.served
        for link in log.chained.dropFirst(2) { entries.append(ServedEntry(seq: link.entry.seq + 1, bytes: link.bytes, hash: link.hash)) }
        let run = try await failing(log, pages: log.pages(entries, head: log.signedHead()))
        #expect(run.status == .unverified)
        #expect(run.stderr.contains("verification failed at entry 4: its bytes say it is entry 3"))
    }

    @Test func aHeadReSignedWithAnotherKeyIsNamed() async throws {
        let log = auction()
        let other = try #require(Ed25519PrivateKey(seed: LotLogFixture.otherSeed))
        let run = try await failing(log, pages: log.pages(head: log.signedHead(signer: other)))
        #expect(run.status == .unverified)
        #expect(run.stderr.contains("verification failed at entry 7: the log's signed head: it is signed by key "
            + Hex.encode(KeyID.of(publicKey: other.publicKey)) + ", which the house does not list"))
    }

    @Test func aReceiptsEntryMissingFromTheLogIsNamed() async throws {
        // Given alice's receipt for entry 6, and a log that the house cut back to entry 5 (and re-signed)
        let log = auction()
        var cut = LotLogFixture()
        for link in log.chained.prefix(5) { cut.append(link.entry.event, at: link.entry.time) }
        let run = try await failing(cut, pages: cut.pages(), receipts: [log.receipt(at: 6)])
        #expect(run.status == .unverified)
        #expect(run.stderr.contains("verification failed at entry 6: your receipt's entry is missing: the log ends at entry 5"))
    }

    @Test func anUnknownLotIsRefusedAndAServerWithoutLogsIsUnsupported() async throws {
        let log = auction()
        let server = try LotLogFakeServer(log)
        defer { server.stop() }
        let unknown = await CommandHarness.run(["verify", "6"], environment: server.environment())
        #expect(unknown.status == .refused)
        #expect(unknown.stderr.contains("no product 6"))
        let original = await CommandHarness.run(["verify", "5"], environment: server.environment(["AUCTION_DIALECT": "original"]))
        #expect(original.status == .usage)
        let unreachable = await CommandHarness.run(["verify", "5"], environment: ["AUCTION_HTTP": "http://127.0.0.1:1", "AUCTION_DIALECT": "auction"])
        #expect(unreachable.status == .unreachable)
    }

    @Test func showMarksALotWhoseLogVerifiedHere() async throws {
        let log = auction()
        let server = try LotLogFakeServer(log)
        defer { server.stop() }
        try VerifiedHeads(beside: server.store).save(VerifiedHeads.Record(
            lot: ProductID(5), seq: 7, hash: log.lastHash, entries: 7, verifiedAt: Timestamp(millisecondsSinceEpoch: 1_764_825_000_000)))
        let catalogue = try CommandTestServer(products: 6)
        defer { catalogue.stop() }
        let run = await CommandHarness.run(["show", "5"], environment: catalogue.environment(["XDG_DATA_HOME": server.data.path]))
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("log verified 2025-12-04 05:10 UTC · head \(Hex.encode(log.lastHash).prefix(8))"))
    }

    @Test func aTenThousandEntryLotVerifiesOverTenPages() async throws {
        // Given a busy lot served in pages of 1,000 (not a timed test: the time is printed for the record)
        let log = LotLogFixture.busyLot(bids: 9_998, bidders: [Self.alice, Self.bob])
        let server = try LotLogFakeServer(log)
        defer { server.stop() }
        let clock = SystemClock()
        let started = clock.monotonicMilliseconds()
        let run = await CommandHarness.run(["verify", "5"], environment: server.environment())
        print("auction verify of 10,000 entries over 10 pages: \(clock.monotonicMilliseconds() - started) ms")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("verified: 10000 entries, head "))
    }
}
