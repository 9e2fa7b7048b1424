// The measured runs of the `server` suite.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer

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
        /// CPU seconds the server's loop thread used in the measured window (0 when not found).
        var serverLoopCPU = 0.0
    }

    let port: Int
    let bidderLoop: EventLoop
    let watcherLoop: EventLoop
    let seconds: Double
    /// When set, every bidder and watcher speaks TLS, trusting this context's CA (the `tls` suite).
    var tls: TLSContext? = nil
    /// Prices start far above the demo catalogue's, and each level continues above the last.
    private static let basePrice: Int64 = 1_000_000_000_000

    /// `count` closed-loop bidders on products 1…count; `level` sets the price range (each run
    /// needs a range above the last run's on the same products).
    func bids(bidders count: Int, level: Int? = nil) -> BidResult {
        measuredBids(startBidders(count, level: level ?? count))
    }

    /// `count` watchers with four pages loaded, and `bidderCount` bidders raising products on those pages.
    /// `watcherPorts` spreads the watchers over several nodes (default: this server); `level` sets the price range.
    func pushes(watchers count: Int, bidders bidderCount: Int, watcherPorts: [Int]? = nil, level: Int? = nil) -> PushResult {
        let ports = watcherPorts ?? [port]
        let connections = ports.enumerated().flatMap { index, watcherPort in
            connectMany(count / ports.count + (index < count % ports.count ? 1 : 0), port: watcherPort, on: watcherLoop, tls: tls)
        }
        let watchers = BenchWatchers(loop: watcherLoop)
        onLoop(watcherLoop) {
            for connection in connections { watchers.adopt(connection) }
            watchers.subscribeAll()
        }
        while onLoop(watcherLoop, { watchers.listReplies }) < connections.count { usleep(5_000) }

        let bidders = startBidders(bidderCount, level: level ?? 1_000 + count)
        let serverLoopCPU = measure(bidders: bidders, watchers: watchers)
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
            p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99), replyP50: percentile(replies, 0.50),
            serverLoopCPU: serverLoopCPU)
    }

    /// `count` logged-in bidders in pairs on products 1…count/2: in each pair one bids with a
    /// `max_price` ten steps above its bid, the other bids plain, so most plain bids are answered by
    /// the proxy (a committed automatic step, reply `outbid_by_proxy`). Tokens `bench-token-N` log in user N.
    func proxyBids(bidders count: Int, level: Int) -> BidResult {
        measuredBids(startBidders(count, level: level, proxies: true))
    }

    /// Runs started bidders for the measured seconds, stops them and sums what they stored.
    private func measuredBids(_ bidders: [BenchBidder]) -> BidResult {
        measure(bidders: bidders, watchers: nil)
        let accepted = bidders.reduce(0) { $0 + $1.accepted }
        let latencies = bidders.flatMap(\.latencies).sorted()
        stop(bidders)
        return BidResult(accepted: accepted, perSecond: Double(accepted) / seconds,
                         p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99))
    }

    private func startBidders(_ count: Int, level: Int, proxies: Bool = false) -> [BenchBidder] {
        let connections = connectMany(count, port: port, on: bidderLoop, tls: tls)
        let start = Self.basePrice * Int64(level)
        return onLoop(bidderLoop) {
            let bidders = connections.enumerated().map { index, connection in
                guard proxies else { return BenchBidder(connection: connection, product: index + 1, startPrice: start) }
                let bidder = BenchBidder(connection: connection, product: index / 2 + 1, startPrice: start)
                bidder.token = "bench-token-\(index + 1)"
                if index % 2 == 0 { bidder.maximumAbove = BenchBidder.step * 10 }
                return bidder
            }
            if proxies {
                for pair in stride(from: 0, to: bidders.count - 1, by: 2) { bidders[pair + 1].partner = bidders[pair] }
            }
            for bidder in bidders { bidder.start() }
            return bidders
        }
    }

    /// Warms up for half a second, then counts for `seconds`; returns the CPU seconds the server's
    /// loop thread (`auction-server`, in this process) used meanwhile.
    @discardableResult
    private func measure(bidders: [BenchBidder], watchers: BenchWatchers?) -> Double {
        usleep(500_000)
        onLoop(bidderLoop) { for bidder in bidders { bidder.measuring = true } }
        if let watchers { onLoop(watcherLoop) { watchers.measuring = true } }
        let cpuBefore = threadCPUSeconds(named: "auction-server") ?? 0
        usleep(UInt32(seconds * 1_000_000))
        let cpuAfter = threadCPUSeconds(named: "auction-server") ?? 0
        onLoop(bidderLoop) { for bidder in bidders { bidder.measuring = false; bidder.running = false } }
        if let watchers { onLoop(watcherLoop) { watchers.measuring = false } }
        return cpuAfter - cpuBefore
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

/// Sessions for the proxy run: `bench-token-N` is user N (created in the benchmark's database).
struct BenchSessions: SessionResolver {
    let count: Int

    func user(forToken token: String) -> SessionUser? {
        guard token.hasPrefix("bench-token-"), let index = Int(token.dropFirst("bench-token-".count)),
              (1...count).contains(index) else { return nil }
        return SessionUser(id: UserID(rawValue: Int64(index)), name: "bench-\(index)")
    }
}
