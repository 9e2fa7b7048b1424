// The `server` suite's metrics level: durable bids/s and pushes/s with metrics off and on, in one run.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import Foundation
import Synchronization

/// Two in-process servers of the same build, one without metrics and one with `--metrics-port 0`
/// scraped every second (as a Prometheus with a 1 s interval would), measured in alternating rounds:
/// durable bids/s at `bidders` and pushes/s at `watchers`. Prints the medians and the on/off ratio
/// (issue 22: at least 0.97). False when a server cannot start or a round stores nothing.
func runMetricsLevel(folder: String, base: ServerConfiguration, seconds: Double, rounds: Int, bidders: Int,
                     watchers: Int, pushBidders: Int) -> Bool {
    var servers: [(name: String, server: AuctionHouseServer, bench: ServerBench)] = []
    guard let (bidderLoop, watcherLoop) = spawnClientLoops(suite: "metrics level") else { return false }
    defer {
        for entry in servers { entry.server.stop() }
        bidderLoop.shutdown()
        watcherLoop.shutdown()
    }
    for name in ["off", "on"] {
        var configuration = base
        configuration.databasePath = folder + "/metrics-\(name).sqlite"
        configuration.metricsPort = name == "on" ? 0 : nil
        let server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .warning))
        guard let addresses = try? server.start() else {
            print("metrics level: cannot start the server with metrics \(name)")
            return false
        }
        servers.append((name, server, ServerBench(port: addresses.socket.port, bidderLoop: bidderLoop,
                                                  watcherLoop: watcherLoop, seconds: seconds)))
    }
    guard let metricsPort = servers[1].server.addresses?.metrics?.port else { return false }
    let scraper = MetricsScraper(port: metricsPort)
    defer { scraper.stop() }

    var bidRates: [String: [Double]] = [:], pushRates: [String: [Double]] = [:]
    var stored = true
    for round in 0..<rounds {
        // Alternate which goes first, so neither always runs on a warmer machine.
        for entry in round % 2 == 0 ? servers : servers.reversed() {
            let bids = entry.bench.bids(bidders: bidders, level: 3_000 + 2 * round)
            let pushes = entry.bench.pushes(watchers: watchers, bidders: pushBidders, level: 3_001 + 2 * round)
            if bids.accepted == 0 || pushes.pushes == 0 { stored = false }
            bidRates[entry.name, default: []].append(bids.perSecond)
            pushRates[entry.name, default: []].append(pushes.pushesPerSecond)
        }
    }
    let scrapes = scraper.stop()
    print("")
    print("metrics off and on, same build, \(rounds) alternating rounds (on: GET /metrics every 1 s, \(scrapes) scrapes)")
    print(pad("metrics", 10) + pad("bids/s (\(bidders) bidders)", 26) + pad("pushes/s (\(watchers) watchers)", 30) + "runs: bids/s; pushes/s")
    let offBids = medianOf(bidRates["off"] ?? []), onBids = medianOf(bidRates["on"] ?? [])
    let offPushes = medianOf(pushRates["off"] ?? []), onPushes = medianOf(pushRates["on"] ?? [])
    for (name, bids, pushes) in [("off", offBids, offPushes), ("on", onBids, onPushes)] {
        let runs = (bidRates[name] ?? []).map { format($0, 0) }.joined(separator: " / ") + "; "
            + (pushRates[name] ?? []).map { format($0 / 1_000_000, 3) }.joined(separator: " / ")
        print(pad(name, 10) + pad(format(bids, 0), 26) + pad(format(pushes / 1_000_000, 3) + " M", 30) + runs)
    }
    print(pad("on/off", 10) + pad(format(offBids > 0 ? onBids / offBids : 0, 3) + "x", 26)
          + format(offPushes > 0 ? onPushes / offPushes : 0, 3) + "x")
    return stored && scrapes > 0
}

/// Scrapes `GET /metrics` once a second on its own thread until stopped.
private final class MetricsScraper: Sendable {
    private let state = Mutex((running: true, scrapes: 0))
    private let finished = Mutex(false)
    private let thread: WorkerThread

    init(port: Int) {
        thread = WorkerThread(name: "metrics-scrape")
        thread.submit { [state] in
            let client = KeepAliveHTTPClient(port: port)
            while state.withLock({ $0.running }) {
                if let client, client.get("/metrics").status == 200 { state.withLock { $0.scrapes += 1 } }
                usleep(1_000_000)
            }
        }
    }

    /// Stops scraping (idempotent); how many scrapes succeeded.
    @discardableResult
    func stop() -> Int {
        state.withLock { $0.running = false }
        if !finished.withLock({ let was = $0; $0 = true; return was }) { thread.shutdown() }
        return state.withLock { $0.scrapes }
    }
}
