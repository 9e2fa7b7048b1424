// The measured runs of the `server` suite.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure

/// Drives bidders and watchers against the server's socket and measures them.
struct ServerBench {
    /// One bid level's figures.
    struct BidResult {
        var accepted: Int
        var perSecond: Double
        var p50: Int64
        var p99: Int64
    }

    /// One push level's figures.
    struct PushResult {
        var pushes: Int
        var pushesPerSecond: Double
        var bidsPerSecond: Double
        var deliveredShare: Double
        var p50: Int64
        var p99: Int64
        var replyP50: Int64
    }

    let port: Int
    let bidderLoop: EventLoop
    let watcherLoop: EventLoop
    let seconds: Double
    /// Prices start far above the demo catalogue's, and each level continues above the last.
    private static let basePrice: Int64 = 1_000_000_000_000

    /// `count` closed-loop bidders on products 1…count; `level` sets the price range (each run
    /// needs a range above the last run's on the same products).
    func bids(bidders count: Int, level: Int? = nil) -> BidResult {
        let bidders = startBidders(count, level: level ?? count)
        measure(bidders: bidders, watchers: nil)
        let accepted = bidders.reduce(0) { $0 + $1.accepted }
        let latencies = bidders.flatMap(\.latencies).sorted()
        stop(bidders)
        return BidResult(accepted: accepted, perSecond: Double(accepted) / seconds,
                         p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99))
    }

    /// `count` watchers with four pages loaded, and `bidderCount` bidders raising products on those pages.
    func pushes(watchers count: Int, bidders bidderCount: Int) -> PushResult {
        let connections = connectMany(count, port: port, on: watcherLoop)
        let watchers = BenchWatchers(loop: watcherLoop)
        onLoop(watcherLoop) {
            for connection in connections { watchers.adopt(connection) }
            watchers.subscribeAll()
        }
        while onLoop(watcherLoop, { watchers.listReplies }) < connections.count { usleep(5_000) }

        let bidders = startBidders(bidderCount, level: 1_000 + count)
        measure(bidders: bidders, watchers: watchers)
        let accepted = bidders.reduce(0) { $0 + $1.accepted }
        let replies = bidders.flatMap(\.latencies).sorted()
        let sendTimes = bidders.map(\.sendTimes)
        stop(bidders)
        let (pushes, samples) = onLoop(watcherLoop) { () -> (Int, [(Int, Int64, Int64)]) in
            let result = (watchers.pushes, watchers.samples)
            watchers.closeAll()
            return result
        }
        var latencies: [Int64] = []
        latencies.reserveCapacity(samples.count)
        for (product, price, arrival) in samples where product >= 1 && product <= sendTimes.count {
            if let sent = sendTimes[product - 1][price] { latencies.append(arrival - sent) }
        }
        latencies.sort()
        let expected = accepted * connections.count
        return PushResult(
            pushes: pushes, pushesPerSecond: Double(pushes) / seconds, bidsPerSecond: Double(accepted) / seconds,
            deliveredShare: expected > 0 ? Double(pushes) / Double(expected) : 0,
            p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99), replyP50: percentile(replies, 0.50))
    }

    private func startBidders(_ count: Int, level: Int) -> [BenchBidder] {
        let connections = connectMany(count, port: port, on: bidderLoop)
        let start = Self.basePrice * Int64(level)
        return onLoop(bidderLoop) {
            let bidders = connections.enumerated().map { index, connection in
                BenchBidder(connection: connection, product: index + 1, startPrice: start)
            }
            for bidder in bidders { bidder.start() }
            return bidders
        }
    }

    /// Warms up for half a second, then counts for `seconds`.
    private func measure(bidders: [BenchBidder], watchers: BenchWatchers?) {
        usleep(500_000)
        onLoop(bidderLoop) { for bidder in bidders { bidder.measuring = true } }
        if let watchers { onLoop(watcherLoop) { watchers.measuring = true } }
        usleep(UInt32(seconds * 1_000_000))
        onLoop(bidderLoop) { for bidder in bidders { bidder.measuring = false; bidder.running = false } }
        if let watchers { onLoop(watcherLoop) { watchers.measuring = false } }
    }

    private func stop(_ bidders: [BenchBidder]) {
        // Let the last bids' replies land, then close.
        var waited = 0
        while waited < 200, onLoop(bidderLoop, { bidders.contains { $0.inFlight } }) {
            usleep(10_000)
            waited += 1
        }
        onLoop(bidderLoop) { for bidder in bidders { bidder.connection.close() } }
    }

    private func percentile(_ sorted: [Int64], _ fraction: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }
}
