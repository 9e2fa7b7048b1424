import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// The lot log as a server writes and serves it: every accepted bid appended in its commit, the
/// chain and the signed head checkable from `GET /products/{id}/log` and `GET /log/keys` alone, and
/// each bidder's reply carrying the receipt of their own entries.
@Suite struct LotLogServerTests {
    /// A lot's log as served, its entries decoded.
    struct ServedLog {
        var entries: [(seq: UInt64, bytes: [UInt8], hash: [UInt8])]
        var head: SignedHeadProof?
        var nextAfter: Int64?
        var yourAlias: String?

        var decoded: [LotLogEntry] { entries.compactMap { try? LotLogEntry(canonicalBytes: $0.bytes) } }
    }

    static func log(_ fixture: ServerFixture, _ lot: Int, query: String = "", bearer: String? = nil) async throws -> ServedLog {
        try await log(port: fixture.addresses.http.port, lot, query: query, bearer: bearer)
    }

    /// The log of `lot` as the server with HTTP at `port` serves it.
    static func log(port: Int, _ lot: Int, query: String = "", bearer: String? = nil) async throws -> ServedLog {
        let answer = try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/products/\(lot)/log\(query)", bearer: bearer) })
        try #require(answer.status == 200, "\(answer)")
        let json = try JSONValue.parse(answer.body)
        let entries = (json["entries"]?.arrayValue ?? []).map { entry -> (seq: UInt64, bytes: [UInt8], hash: [UInt8]) in
            let seq = UInt64(entry["seq"]?.intValue ?? 0)
            let bytes = Hex.decode(entry["entry"]?.stringValue ?? "") ?? [], hash = Hex.decode(entry["hash"]?.stringValue ?? "") ?? []
            return (seq, bytes, hash)
        }
        return ServedLog(entries: entries, head: json["head"].flatMap(BidReceiptDTO.head), nextAfter: json["next_after"]?.intValue,
                         yourAlias: json["your_alias"]?.stringValue)
    }

    static func publicKeys(_ fixture: ServerFixture) async throws -> [[UInt8]: [UInt8]] {
        try await publicKeys(port: fixture.addresses.http.port)
    }

    /// The public keys the server with HTTP at `port` lists, by key id.
    static func publicKeys(port: Int) async throws -> [[UInt8]: [UInt8]] {
        let answer = try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/log/keys") })
        let keys = try JSONValue.parse(answer.body)["keys"]?.arrayValue ?? []
        var byID: [[UInt8]: [UInt8]] = [:]
        for key in keys {
            if let id = Hex.decode(key["key_id"]?.stringValue ?? ""), let raw = Hex.decode(key["public_key"]?.stringValue ?? "") { byID[id] = raw }
        }
        return byID
    }

    /// Whether every hash follows from the one before and the head is the last entry's, signed by a listed key.
    static func checks(_ log: ServedLog, keys: [[UInt8]: [UInt8]]) -> Bool {
        var previous = LotLogChain.genesis
        for (index, entry) in log.entries.enumerated() {
            guard entry.seq == UInt64(index + 1), LotLogChain.hash(of: entry.bytes, after: previous) == entry.hash else { return false }
            previous = entry.hash
        }
        guard let head = log.head, head.seq == log.entries.last?.seq, head.hash == previous else { return false }
        return headIsSigned(head, keys: keys)
    }

    static func headIsSigned(_ head: SignedHeadProof, keys: [[UInt8]: [UInt8]]) -> Bool {
        let signed = SignedHead(head: LogHead(lot: head.lot, seq: head.seq, hash: head.hash),
                                signedAt: Timestamp(millisecondsSinceEpoch: head.signedAt), keyID: head.keyID,
                                leafIndex: head.leafIndex, leafCount: head.leafCount, path: head.path, signature: head.signature)
        guard let message = signed.signedMessage, let key = keys[head.keyID] else { return false }
        return Ed25519.isValid(signature: head.signature, of: message, publicKey: key)
    }

    static func receipts(_ reply: WireReply) -> [BidReceipt] {
        (reply.fields["receipts"]?.arrayValue ?? []).compactMap(BidReceiptDTO.receipt)
    }

    private static func server() throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: ChatServerTests.hooks, prepare: { path in
            let accounts = try AccountStore(path: path)
            defer { accounts.close() }
            for name in ["alice", "bob", "carol"] { _ = try accounts.createUser(name: name, passwordHash: "x", at: SystemClock().now()) }
        })
    }

    @Test func anAcceptedBidsReceiptIsTheLogsEntryUnderASignedHead() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let bob = try await ChatServerTests.loggedIn(fixture, "bob")
        defer { bob.close() }
        let reply = try await bob.bid(1, 12_000)
        #expect(reply.result)
        let receipt = try #require(Self.receipts(reply).first)
        let log = try await Self.log(fixture, 1, bearer: "token-bob")
        let keys = try await Self.publicKeys(fixture)
        #expect(Self.checks(log, keys: keys))
        #expect(log.decoded.map(\.event.kindName) == ["listed", "bid"])
        guard case .listed(let terms, let price, let count) = log.decoded.first?.event else { Issue.record("no listing first"); return }
        #expect(terms.startPrice == 10_000 && price == 10_000 && count == 0)
        guard case .bid(let bid) = log.decoded.last?.event else { Issue.record("no bid entry"); return }
        #expect(bid.price == 12_000 && bid.bidSeq == 1 && !bid.isAutomatic)
        #expect(log.yourAlias == bid.bidder.description)  // told only to the holder of bob's token
        #expect(receipt.seq == 2 && receipt.entry == log.entries[1].bytes && receipt.hash == log.entries[1].hash)
        #expect(Self.headIsSigned(receipt.head, keys: keys))
        let anonymous = try await Self.log(fixture, 1)
        #expect(anonymous.yourAlias == nil)
    }

    @Test func aProxyBattleLogsEveryStepAndEachBidderGetsOnlyTheirOwnReceipts() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await ChatServerTests.loggedIn(fixture, "alice")
        defer { alice.close() }
        let bob = try await ChatServerTests.loggedIn(fixture, "bob")
        defer { bob.close() }
        let proxy = try await alice.request(.bid(Bid(productID: 2, price: 11_000, maximum: 20_000, idempotencyKey: "k1"), userID: nil))
        #expect(proxy.result)
        let challenge = try await bob.bid(2, 12_000)  // answered at once by alice's maximum
        #expect(!challenge.result)
        let log = try await Self.log(fixture, 2)
        #expect(Self.checks(log, keys: try await Self.publicKeys(fixture)))
        let bids = log.decoded.compactMap { entry -> LotLogBid? in if case .bid(let bid) = entry.event { bid } else { nil } }
        // Bob's losing challenge is not a stored bid, but the automatic step names it.
        #expect(bids.map(\.price.minorUnits) == [11_000, 12_500])
        #expect(bids.map(\.isAutomatic) == [false, true])
        try #require(bids.count == 2)
        #expect(bids[0].bidder == bids[1].bidder)
        #expect(bids[1].answering?.price == 12_000 && bids[1].answering?.bidder != bids[0].bidder)
        #expect(Self.receipts(proxy).map(\.seq) == [2])
        #expect(Self.receipts(challenge).isEmpty)  // refused: no step of bob's was stored
    }

    @Test func aLogIsPagedBySeqAndBadPagesAreRefused() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let bob = try await ChatServerTests.loggedIn(fixture, "bob")
        defer { bob.close() }
        for price in stride(from: Int64(11_000), through: 15_000, by: 1_000) { #expect(try await bob.bid(3, price).result) }
        let first = try await Self.log(fixture, 3, query: "?limit=2")
        #expect(first.entries.map(\.seq) == [1, 2] && first.nextAfter == 2)
        let rest = try await Self.log(fixture, 3, query: "?after=2")
        #expect(rest.entries.map(\.seq) == [3, 4, 5, 6] && rest.nextAfter == nil)
        #expect(first.head == rest.head && rest.head?.seq == 6)
        // The head is kept while the lot is unchanged, and follows the next bid.
        #expect(try await bob.bid(3, 16_000).result)
        let moved = try await Self.log(fixture, 3, query: "?after=6")
        #expect(moved.head?.seq == 7 && moved.entries.map(\.seq) == [7] && moved.head?.hash == moved.entries.last?.hash)
        let port = fixture.addresses.http.port
        for query in ["?limit=0", "?limit=1001", "?after=-1", "?after=x"] {
            let answer = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/products/3/log\(query)") }
            #expect(answer?.status == 400, "\(query)")
        }
        #expect(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/products/999/log") }?.status == 404)
    }

    @Test func theSigningKeyIsMadeOnceWithMode0600AndKeptAcrossRestarts() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-log-key")
        defer { directory.remove() }
        let configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        var keys: [[[UInt8]: [UInt8]]] = []
        for _ in 0..<2 {
            let server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .error) { _ in })
            let addresses = try server.start()
            let port = addresses.http.port
            let answer = try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/log/keys") })
            var byID: [[UInt8]: [UInt8]] = [:]
            for key in try JSONValue.parse(answer.body)["keys"]?.arrayValue ?? [] {
                byID[Hex.decode(key["key_id"]?.stringValue ?? "") ?? []] = Hex.decode(key["public_key"]?.stringValue ?? "") ?? []
            }
            keys.append(byID)
            server.stop()
        }
        var status = stat()
        #expect(stat(directory.file("log-key.pem"), &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(keys[0].count == 1 && keys[0] == keys[1])
    }

    @Test func aLogKeyOthersMayReadIsRefusedAtStart() throws {
        let directory = try TemporaryDirectory(prefix: "auction-log-key")
        defer { directory.remove() }
        let key = directory.file("key.pem")
        let pem = try Ed25519PrivateKey.generate().pem
        let fd = open(key, O_WRONLY | O_CREAT, 0o644)
        _ = pem.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        chmod(key, 0o644)
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.logKeyPath = key
        let server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .error) { _ in })
        #expect(throws: ServerError.self) { _ = try server.start() }
        server.stop()
    }
}
