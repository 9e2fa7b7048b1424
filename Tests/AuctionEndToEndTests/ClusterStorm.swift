import AuctionCore
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

/// Bidders that raise products through a cluster's nodes as fast as replies come back, moving to the
/// next node when theirs stops answering; and the checks every cluster test makes on the store.
final class ClusterStorm: Sendable {
    /// Every bid acknowledged as accepted, in reply order.
    let acknowledged = Mutex<[AcknowledgedBid]>([])
    /// Every refusal reason seen, with a count.
    let refusals = Mutex<[RefusalReason: Int]>([:])
    /// Each bidder's last outcome (diagnostics for a failed expectation).
    let lastOutcome = Mutex<[Int: String]>([:])
    /// Replies that never came (connection lost, timeout).
    let lost = Mutex(0)
    /// Bids refused (any reason), and bids whose reply never came (their fate is unknown).
    let refused = Mutex<[AcknowledgedBid]>([]), unanswered = Mutex<[AcknowledgedBid]>([])
    private let stopping = Mutex(false)
    private let ports: [Int]

    /// Demo products a bid of one minor unit more can raise (no minimum increment: the demo gives
    /// every third product one) that stay open for days (every tenth from 3 ends within the hour).
    static let plainProducts = [1, 2, 4, 5, 7]

    /// A storm on the nodes listening on `ports` (socket ports, node order).
    init(ports: [Int]) { self.ports = ports }

    /// Starts one bidder per entry of `bidders` (its product and first node); returns the task that
    /// ends when every bidder has stopped (after `stop()`).
    func start(_ bidders: [(product: Int, node: Int)], firstPrice: Int64 = 100_000_000) -> Task<Void, Never> {
        Task {
            await withTaskGroup(of: Void.self) { group in
                for (index, bidder) in bidders.enumerated() {
                    group.addTask { await self.bid(index, on: bidder.product, from: bidder.node, firstPrice: firstPrice) }
                }
            }
        }
    }

    /// Tells every bidder to stop after its current bid.
    func stop() { stopping.withLock { $0 = true } }

    /// How many bids were acknowledged so far.
    var acknowledgedCount: Int { acknowledged.withLock { $0.count } }

    /// How many refusals with `reason` were seen so far.
    func refusals(_ reason: RefusalReason) -> Int { refusals.withLock { $0[reason] ?? 0 } }

    private func bid(_ bidder: Int, on product: Int, from firstNode: Int, firstPrice: Int64) async {
        var node = firstNode
        var client = try? ClusterSocketClient(port: ports[node])
        var price = firstPrice
        while !stopping.withLock({ $0 }) {
            guard let current = client else {
                node = (node + 1) % ports.count
                client = try? ClusterSocketClient(port: ports[node])
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            let outcome = await current.bid(product, price)
            lastOutcome.withLock { $0[bidder] = "node \(node) bid \(price): \(outcome)" }
            switch outcome {
            case .accepted:
                acknowledged.withLock { $0.append(AcknowledgedBid(product: product, price: price, node: node, bidder: bidder)) }
                price = max(price + 1, current.lastNextMinimum ?? 0)  // the least the node takes next
            case .refused(let reason, let known):
                refusals.withLock { $0[reason, default: 0] += 1 }
                refused.withLock { $0.append(AcknowledgedBid(product: product, price: price, node: node, bidder: bidder)) }
                if let next = current.lastNextMinimum, next > price { price = next } else if let known, known >= price { price = known + 1 }
                // Paces the retries while the store is away instead of spinning on two cores.
                if reason == .unavailable { try? await Task.sleep(for: .milliseconds(20)) }
            case .lost:
                lost.withLock { $0 += 1 }
                unanswered.withLock { $0.append(AcknowledgedBid(product: product, price: price, node: node, bidder: bidder)) }
                current.close()
                client = nil
            }
        }
        client?.close()
    }
}

/// The store-side checks: every acknowledged bid stored, nothing accepted twice, each product's
/// history a gap-free rising sequence.
enum ClusterChecks {
    /// Records an issue for every acknowledged bid missing from the store, any price stored twice for
    /// one product, and any product whose `seq`s are not 1…n with rising prices and `bid_count` = n.
    static func storeHolds(_ acknowledged: [AcknowledgedBid], url: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> [PostgresInspection.StoredBid] {
        let stored = try PostgresInspection.bids(url)
        let keys = stored.map { "\($0.product):\($0.price)" }
        let storedKeys = Set(keys)
        #expect(storedKeys.count == keys.count, "a price accepted twice for one product", sourceLocation: sourceLocation)
        let missing = acknowledged.filter { !storedKeys.contains("\($0.product):\($0.price)") }
        #expect(missing.isEmpty, "acknowledged but not stored: \(missing.prefix(5))", sourceLocation: sourceLocation)
        let products = try PostgresInspection.products(url)
        for (product, history) in Dictionary(grouping: stored, by: \.product) {
            #expect(history.map(\.seq) == Array(1...Int64(history.count)), "product \(product): seqs not 1…n",
                    sourceLocation: sourceLocation)
            #expect(zip(history, history.dropFirst()).allSatisfy { $0.price < $1.price }, "product \(product): prices not rising",
                    sourceLocation: sourceLocation)
            #expect(products[product]?.bidCount == Int64(history.count), "product \(product): bid_count ≠ stored bids",
                    sourceLocation: sourceLocation)
            #expect(products[product]?.price == history.last?.price, "product \(product): current_price ≠ last bid",
                    sourceLocation: sourceLocation)
        }
        return stored
    }

    /// Records an issue for every bid its bidder was told was refused that the store holds anyway
    /// (unless the same price on that product was also acknowledged, or a reply to it went missing).
    static func refusedAreNotStored(_ storm: ClusterStorm, stored: [PostgresInspection.StoredBid],
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let key = { (product: Int, price: Int64) in "\(product):\(price)" }
        let storedKeys = Set(stored.map { key($0.product, $0.price) })
        let settled = Set((storm.acknowledged.withLock { $0 } + storm.unanswered.withLock { $0 }).map { key($0.product, $0.price) })
        let wronglyStored = storm.refused.withLock { $0 }.filter {
            storedKeys.contains(key($0.product, $0.price)) && !settled.contains(key($0.product, $0.price))
        }
        #expect(wronglyStored.isEmpty, "refused but stored: \(wronglyStored.prefix(5))", sourceLocation: sourceLocation)
    }

    /// Records an issue unless `watcher`'s pushes for each of `products` are the store's history at
    /// the pushed `seq`s (merged pushes may skip numbers, never repeat or go back) ending at the last.
    static func watcherMatchesStore(_ watcher: ClusterSocketClient, products: [Int], stored: [PostgresInspection.StoredBid],
                                    name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for product in products {
            let history = stored.filter { $0.product == product }
            let priceAt = Dictionary(history.map { ($0.seq, $0.price) }) { first, _ in first }
            let pushes = watcher.prices(of: product)
            let seqs = pushes.compactMap { $0.sequence }
            #expect(seqs.count == pushes.count, "\(name) product \(product): a push without seq", sourceLocation: sourceLocation)
            #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "\(name) product \(product): seq repeated or went back: \(Self.firstBreak(in: seqs))",
                    sourceLocation: sourceLocation)
            let wrong = pushes.filter { push in push.sequence.map { priceAt[$0] != push.price.minorUnits } ?? false }
            let examples = wrong.prefix(3).map { "seq \($0.sequence ?? -1) pushed \($0.price.minorUnits) stored \(priceAt[$0.sequence ?? -1] ?? -1)" }
            #expect(wrong.isEmpty, "\(name) product \(product): \(wrong.count) pushes not at the stored price of their seq, e.g. \(examples)",
                    sourceLocation: sourceLocation)
            #expect(seqs.last == history.last?.seq, "\(name) product \(product): last push seq \(seqs.last ?? -1), store \(history.last?.seq ?? -1)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The pushes around the first seq that did not rise (for messages).
    static func firstBreak(in seqs: [Int64]) -> ArraySlice<Int64> {
        guard let index = seqs.indices.dropLast().first(where: { seqs[$0] >= seqs[$0 + 1] }) else { return seqs.suffix(10) }
        return seqs[max(0, index - 3)..<min(seqs.count, index + 4)]
    }

    /// Waits for each watcher to reach the store's last `seq` of every product, then checks its pushes
    /// against the store's history (`watcherMatchesStore`). Names each watcher `nameOf(index)`.
    static func watchersMatchStore(_ watchers: [ClusterSocketClient], products: [Int], url: String,
                                   nameOf: (Int) -> String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // One deadline for all (not one each: a test with six lagging watchers would wait two minutes).
        _ = await eventually(timeout: 20) { watchers.allSatisfy { caughtUp($0, products: products, url: url) } }
        let reached = watchers.map { caughtUp($0, products: products, url: url) }
        let stored = try PostgresInspection.bids(url)
        for (index, watcher) in watchers.enumerated() {
            #expect(reached[index], "\(nameOf(index)) did not reach the final prices", sourceLocation: sourceLocation)
            watcherMatchesStore(watcher, products: products, stored: stored, name: nameOf(index), sourceLocation: sourceLocation)
        }
    }

    /// Whether `watcher` has seen the store's last `seq` for each of `products`.
    static func caughtUp(_ watcher: ClusterSocketClient, products: [Int], url: String) -> Bool {
        guard let counts = try? PostgresInspection.products(url) else { return false }
        return products.allSatisfy { product in
            let last = watcher.prices(of: product).last?.sequence ?? 0
            return last == (counts[product]?.bidCount ?? 0)
        }
    }
}
