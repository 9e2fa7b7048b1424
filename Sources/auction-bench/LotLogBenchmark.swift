// The `lotlog` suite (issue 38): durable bids/s of each ledger with the lot log and receipts against
// the same ledger without them, alternated in one run; the cost of one commit's signature; and
// the chain's hashing per entry.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog
import AuctionServer
import AuctionTestSupport
import Foundation

/// Runs the `lotlog` benchmark suite; returns the process exit status.
///
/// Options: `--runs N` (alternated pairs, default 5), `--seconds N` (measured time per run, default 2),
/// `--bidders N` (closed-loop bidders on their own lots, default 16). PostgreSQL through `scripts/postgres`
/// (durable) from the current folder (`scripts/bench lotlog`).
func runLotLogBenchmark(_ arguments: [String]) -> Int32 {
    var runs = 5, seconds = 2.0, bidders = 16
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard let text = rest.popFirst(), let value = Double(text), value > 0 else {
            print("usage: auction-bench lotlog [--runs N] [--seconds N] [--bidders N]")
            return 2
        }
        switch flag {
        case "--runs": runs = Int(value)
        case "--seconds": seconds = value
        case "--bidders": bidders = Int(value)
        default:
            print("usage: auction-bench lotlog [--runs N] [--seconds N] [--bidders N]")
            return 2
        }
    }
    guard let key = try? Ed25519PrivateKey.generate(), let secret = try? SystemRandom.bytes(32) else { return 1 }
    let signer = LotLogSigner(key: key, secret: secret, softClose: .standard)
    let folder = "/tmp/auction-bench-lotlog-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    print("lotlog: \(bidders) closed-loop bidders on their own lots, \(runs) alternated pairs of \(seconds) s; SQLite WAL synchronous=FULL, "
          + "PostgreSQL fsync on")
    signingCost(signer)
    verifyCost()
    let path = folder + "/auction.sqlite"
    guard let store = try? CatalogueStore(path: path), (try? store.add(LotLogListings.make(bidders))) != nil,
          let accounts = try? AccountStore(path: path) else { return 1 }
    store.close()
    // Bids by logged-in users, as a node's are: each bid's entry names its bidder's alias, and has a receipt.
    for user in 1...4 { _ = try? accounts.createUser(name: "bidder\(user)", passwordHash: "x", at: Timestamp(millisecondsSinceEpoch: 0)) }
    accounts.close()
    let logged: @Sendable (Int) -> UserID? = { UserID(rawValue: Int64($0 % 4) + 1) }
    compare("SQLite", runs: runs) { withLog in
        guard let ledger = try? SQLiteBidLedger(path: path, signer: withLog ? signer : nil) else { return 0 }
        defer { ledger.shutdown() }
        return ClosedLoopBidders.bidsPerSecond(ledger, bidders: bidders, seconds: seconds, bidder: logged)
    }
    guard let postgres = BenchPostgres(directory: folder + "/postgres"), let connection = try? PostgresConnectionString(postgres.url) else {
        print("lotlog: scripts/postgres start --durable failed")
        return 1
    }
    defer { postgres.stop() }
    guard let migrator = try? PostgresConnection(postgres.url), (try? PostgresSchema.migrate(migrator)) != nil else {
        print("lotlog: cannot migrate the PostgreSQL store")
        return 1
    }
    migrator.close()
    let client = PostgresClient(store: connection)
    defer { client.close() }
    guard let shared = try? CatalogueStore(target: .shared(client.pool)), (try? shared.add(LotLogListings.make(bidders))) != nil else {
        print("lotlog: cannot seed the PostgreSQL catalogue")
        return 1
    }
    shared.close()
    if let accounts = try? AccountStore(target: .shared(client.pool)) {
        for user in 1...4 { _ = try? accounts.createUser(name: "bidder\(user)", passwordHash: "x", at: Timestamp(millisecondsSinceEpoch: 0)) }
        accounts.close()
    }
    compare("PostgreSQL", runs: runs) { withLog in
        guard let ledger = try? client.ledger(signer: withLog ? signer : nil) else { return 0 }
        defer { ledger.shutdown() }
        return ClosedLoopBidders.bidsPerSecond(ledger, bidders: bidders, seconds: seconds, bidder: logged)
    }
    return 0
}

/// Prints the medians of `runs` alternated pairs (without the log, then with it) and their ratio.
private func compare(_ name: String, runs: Int, _ rate: (Bool) -> Double) {
    var without: [Double] = [], with: [Double] = []
    for _ in 0..<runs {
        without.append(rate(false))
        with.append(rate(true))
    }
    let plain = medianOf(without), logged = medianOf(with)
    print("\(name): without the log \(format(plain, 0)) bids/s (runs " + without.map { format($0, 0) }.joined(separator: ", ")
          + "); with the log and receipts \(format(logged, 0)) bids/s (runs " + with.map { format($0, 0) }.joined(separator: ", ")
          + "); with / without: " + format(plain > 0 ? logged / plain : 0, 3) + "x")
}

/// One commit's signature over 16 heads, and one entry's chain hash, as medians of many.
private func signingCost(_ signer: LotLogSigner) {
    let heads = (1...16).map { LogHead(lot: ProductID($0), seq: UInt64($0), hash: [UInt8](repeating: UInt8($0), count: 32)) }
    let entry = LotLogEntry(lot: 1, seq: 2, time: Timestamp(millisecondsSinceEpoch: 1), event: .bid(LotLogBid(
        bidSeq: 1, price: 10_500, previousPrice: 10_000, bidder: signer.secrets.alias(of: UserID(rawValue: 7), on: 1), isAutomatic: false)))
    var signing: [Double] = [], hashing: [Double] = []
    for _ in 0..<7 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<200 { _ = signer.signForBench(heads) }
        signing.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 200 / 1_000)
        let hashStart = DispatchTime.now().uptimeNanoseconds
        var previous = LotLogChain.genesis
        for _ in 0..<10_000 { previous = ChainedEntry(entry, after: previous).hash }
        hashing.append(Double(DispatchTime.now().uptimeNanoseconds - hashStart) / 10_000 / 1_000)
    }
    print("lotlog: one commit's signature over 16 heads \(format(medianOf(signing), 1)) µs; one entry's bytes and chain hash "
          + "\(format(medianOf(hashing), 2)) µs (medians of 7)")
}

/// `LotLogVerifier` over a 10,000-entry lot (a listing and bids by four bidders, signed at its last
/// entry), in memory: the check `auction verify` runs once its pages are in, chain, head and replay.
private func verifyCost() {
    let aliases = (1...4).map { LotAlias(bytes: [UInt8](repeating: UInt8($0), count: 8))! }
    let log = LotLogFixture.busyLot(bids: 9_999, bidders: aliases)
    let input = LotLogVerifier.Input(lot: log.lot, entries: log.served, head: log.signedHead(), keys: [log.houseKey])
    let verifier = LotLogVerifier { signature, message, key in Ed25519.isValid(signature: signature, of: message, publicKey: key) }
    var times: [Double] = []
    var verified = true
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        verified = verified && (try? verifier.verify(input)) != nil
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    print("lotlog: verifying a \(log.served.count)-entry lot (chain, signed head, replay) " + format(medianOf(times), 1)
          + " ms (median of 5" + (verified ? ")" : "; it did NOT verify)"))
}

/// Lots 1…count at 10,000, ending in a day.
enum LotLogListings {
    static func make(_ count: Int) -> [ProductListing] {
        let now = Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1_000))
        return (1...count).map { index in
            ProductListing(id: ProductID(index), name: "Lot \(index)", seller: "bench", description: "", startPrice: 10_000,
                           listedAt: now, endsAt: now.adding(milliseconds: 86_400_000), images: [])
        }
    }
}

/// `bidders` threads, each raising its own lot in a closed loop straight through a ledger (its writer
/// batches what they queue, as a node's writer does); a refused bid goes on from the stored price,
/// as after another node's bid, and a bidder stops when its lot did not move.
enum ClosedLoopBidders {
    /// Bids stored per second; `bidder` names who bids on each thread's lot (nil: anonymous).
    static func bidsPerSecond<Ledger: BidLedger>(_ ledger: Ledger, bidders: Int, seconds: Double,
                                                 bidder: @escaping @Sendable (Int) -> UserID?) -> Double {
        guard let prices = try? ledger.currentPrices() else { return 0 }
        let stored = Mutex(0), deadline = Mutex(false)
        let started = DispatchSemaphore(value: 0), group = DispatchGroup()
        for thread in 0..<bidders {
            let product = ProductID(thread + 1), user = bidder(thread)
            group.enter()
            Thread.detachNewThread {
                var price = prices[product]?.minorUnits ?? 0
                var signalled = false
                defer {
                    if !signalled { started.signal() }
                    group.leave()
                }
                let done = DispatchSemaphore(value: 0)
                while !deadline.withLock({ $0 }) {
                    let bid = AcceptedBid(productID: product, price: Money(price + 100), previousPrice: Money(price), bidder: user,
                                          acceptedAt: Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1_000)))
                    let committed = Mutex(false)
                    ledger.submit(LedgerSubmission(bids: [bid])) { outcome in
                        committed.withLock { $0 = outcome.isCommitted }
                        done.signal()
                    }
                    done.wait()
                    guard committed.withLock({ $0 }) else {
                        guard let now = try? ledger.currentPrices()[product], now.minorUnits != price else { return }
                        price = now.minorUnits
                        continue
                    }
                    price += 100
                    stored.withLock { $0 += 1 }
                    if !signalled {
                        started.signal()
                        signalled = true
                    }
                }
            }
        }
        for _ in 0..<bidders { started.wait() }
        let rate = measuredRate(of: stored, seconds: seconds)
        deadline.withLock { $0 = true }
        group.wait()
        return rate
    }
}
