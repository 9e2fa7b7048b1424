// The `cluster` suite (issue 13): PostgreSQL nodes beside SQLite, push fan-out over 1 and 3 nodes,
// the bid-on-A-to-push-on-C latency, the NOTIFY traffic per accepted bid, and PostgreSQL's own
// minimal bid transaction beside the ledger's ceiling.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure
import Foundation

/// Runs the `cluster` benchmark suite; returns the process exit status.
///
/// Options: `--seconds N` (measured time per run, default 3), `--runs N` (repeats, medians reported;
/// default 3), `--bidders N` (durable-bid bidders, default 16 and 64), `--watchers N` (default 1000),
/// `--push-bidders N` (default 60). Needs the release `auction-server` beside this binary and
/// `scripts/postgres` in the current folder (`scripts/bench cluster` provides both).
func runClusterBenchmark(_ arguments: [String]) -> Int32 {
    guard let options = ClusterBenchmarkOptions(arguments) else {
        print("usage: auction-bench cluster [--seconds N] [--runs N] [--bidders N] [--watchers N] [--push-bidders N]")
        return 2
    }
    ProcessLimits.ignoreSIGPIPE()
    let fileLimit = ProcessLimits.raiseOpenFileLimit()
    let folder = "/tmp/auction-bench-cluster-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let postgres = BenchPostgres(directory: folder + "/postgres") else {
        print("cluster: scripts/postgres start --durable failed")
        return 1
    }
    defer { postgres.stop() }
    var nodes: [BenchNode] = []
    defer { nodes.forEach { $0.stop() } }
    guard let sqlite = BenchNode(name: "sqlite", arguments: ["--db", folder + "/auction.sqlite"], folder: folder) else { return 1 }
    nodes.append(sqlite)
    guard let nodeA = BenchNode(name: "node-a", arguments: ["--store", postgres.url], folder: folder) else { return 1 }
    nodes.append(nodeA)
    guard let notifications = NotifyCounter(url: postgres.url) else {
        print("cluster: cannot LISTEN on \(postgres.url)")
        return 1
    }
    defer { notifications.stop() }
    guard let bidderLoop = try? EventLoop.spawn(name: "bench-bidders"), let watcherLoop = try? EventLoop.spawn(name: "bench-watchers") else {
        print("cluster: cannot start client loops")
        return 1
    }
    defer { bidderLoop.shutdown(); watcherLoop.shutdown() }
    let bench = { (port: Int) in ServerBench(port: port, bidderLoop: bidderLoop, watcherLoop: watcherLoop, seconds: options.seconds) }

    print("cluster: release auction-server nodes; PostgreSQL with fsync on at \(postgres.url); SQLite WAL synchronous=FULL")
    print("cluster: \(options.seconds) s measured per run after 0.5 s warm-up, medians of \(options.runs) runs; open-file limit \(fileLimit)")
    var failed = false
    var level = 1

    print("")
    for bidders in options.bidderCounts {
        print("durable accepted bids, \(bidders) bidders each on its own product, one node")
        print(pad("store", 12) + pad("bids/s", 12) + pad("p50 reply", 12) + pad("p99 reply", 12) + pad("NOTIFY/bid", 12)
              + pad("bytes/bid", 11) + "bids/commit")
        var sqliteRuns: [ServerBench.BidResult] = [], postgresRuns: [ServerBench.BidResult] = [], traffic: [(Double, Double)] = []
        var ceilings: [Double] = [], minimals: [Double] = []
        for _ in 0..<options.runs {
            sqliteRuns.append(bench(sqlite.socketPort).bids(bidders: bidders, level: level))
            let before = notifications.reading()
            let result = bench(nodeA.socketPort).bids(bidders: bidders, level: level)
            let after = notifications.reading()
            postgresRuns.append(result)
            traffic.append(perBid(before, after))
            ceilings.append(LedgerCeiling.bidsPerSecond(url: postgres.url, bidders: bidders, seconds: options.seconds) ?? 0)
            minimals.append(MinimalBidTransaction.bidsPerSecond(url: postgres.url, seconds: options.seconds) ?? 0)
            level += 1
        }
        let node = median(postgresRuns.map(\.perSecond)), sqliteRate = median(sqliteRuns.map(\.perSecond)), ceiling = median(ceilings)
        let minimal = median(minimals)
        if node == 0 || ceiling == 0 { failed = true }
        printBids("SQLite", sqliteRuns, traffic: nil)
        printBids("PostgreSQL", postgresRuns, traffic: traffic)
        print(pad("ceiling", 12) + format(ceiling, 0) + " bids/s (the ledger's statements through libpq, batched, no node)")
        print("PostgreSQL node / SQLite node: " + format(sqliteRate > 0 ? node / sqliteRate : 0, 3)
              + "x; node / ceiling: " + format(ceiling > 0 ? node / ceiling : 0, 3) + "x; ceiling / SQLite node: "
              + format(sqliteRate > 0 ? ceiling / sqliteRate : 0, 3) + "x (no node goes past its ledger)")
        print(pad("minimal", 12) + format(minimal, 0) + " bids/s (PostgreSQL's own limit: 16 bids a transaction, one client, one round trip)")
        print("ceiling / minimal: " + format(minimal > 0 ? ceiling / minimal : 0, 3) + "x; node / minimal: "
              + format(minimal > 0 ? node / minimal : 0, 3) + "x")
        print("")
    }

    print("")
    print("price pushes to \(options.watchers) watchers with 4 pages loaded, \(options.pushBidders) bidders on node A")
    print(pad("nodes", 8) + pad("pushes/s", 12) + pad("bids/s", 10) + pad("delivered", 11) + pad("p50 sent→push", 15)
          + pad("p99 sent→push", 15) + pad("NOTIFY/bid", 12) + pad("bytes/bid", 11) + "seq missing")
    level = 3_000
    func pushRuns(_ ports: [Int], watchers: Int, label: String) -> ServerBench.PushResult {
        var runs: [ServerBench.PushResult] = [], traffic: [(Double, Double)] = [], probed = SequenceProbe.Reading()
        for _ in 0..<options.runs {
            let probe = SequenceProbe(ports: ports)
            let before = notifications.reading()
            let result = bench(nodeA.socketPort).pushes(watchers: watchers, bidders: options.pushBidders, watcherPorts: ports, level: level)
            let after = notifications.reading()
            if let probe {
                usleep(300_000)  // the last pushes land
                let reading = probe.read()
                probe.stop()
                probed.pushes += reading.pushes
                probed.missing += reading.missing
                probed.repeated += reading.repeated
            }
            runs.append(result)
            traffic.append(perBid(before, after))
            level += 1
        }
        let figures = ServerBench.PushResult(
            pushes: Int(median(runs.map { Double($0.pushes) })), pushesPerSecond: median(runs.map(\.pushesPerSecond)),
            bidsPerSecond: median(runs.map(\.bidsPerSecond)), deliveredShare: median(runs.map(\.deliveredShare)),
            p50: Int64(median(runs.map { Double($0.p50) })), p99: Int64(median(runs.map { Double($0.p99) })),
            replyP50: Int64(median(runs.map { Double($0.replyP50) })))
        print(pad(label, 8) + pad(format(figures.pushesPerSecond, 0), 12) + pad(format(figures.bidsPerSecond, 0), 10)
              + pad(format(figures.deliveredShare * 100, 1) + " %", 11) + pad(milliseconds(figures.p50), 15)
              + pad(milliseconds(figures.p99), 15) + pad(format(median(traffic.map(\.0)), 2), 12)
              + pad(format(median(traffic.map(\.1)), 1), 11) + "\(probed.missing) of \(probed.pushes + probed.missing)"
              + (probed.repeated > 0 ? " (\(probed.repeated) repeated)" : ""))
        return figures
    }
    let one = pushRuns([nodeA.socketPort], watchers: options.watchers, label: "1")
    guard let nodeB = BenchNode(name: "node-b", arguments: ["--store", postgres.url], folder: folder),
          let nodeC = BenchNode(name: "node-c", arguments: ["--store", postgres.url], folder: folder) else { return 1 }
    nodes += [nodeB, nodeC]
    let three = pushRuns([nodeA.socketPort, nodeB.socketPort, nodeC.socketPort], watchers: options.watchers, label: "3")
    let remote = pushRuns([nodeC.socketPort], watchers: options.watchers / 10, label: "C only")
    if one.pushes == 0 || three.pushes == 0 || remote.pushes == 0 { failed = true }

    print("")
    print("\"C only\": \(options.watchers / 10) watchers all on node C while the bids arrive on node A: its sent→push is the")
    print("  bid-on-A-to-push-on-C time (A's commit, the NOTIFY, C's catch-up read, C's fan-out).")
    print("NOTIFY/bid, bytes/bid: notifications (and channel + payload bytes) one LISTEN connection received per accepted")
    print("  bid in the run; the same whatever the number of watchers or nodes when payloads are ids.")
    print("delivered: pushes received in the measured window / (bids accepted in it x watchers): below 100 % when")
    print("  watchers lag (their pushes still queued when the window closes, or coalesced past the output bound),")
    print("  above it when pushes of warm-up bids land in the window; it does not tell a lost push.")
    print("seq missing: \(SequenceProbe.perPort) probe watchers per node decode every push: seqs never pushed between")
    print("  two that were, per product, over all runs (a lost push; coalescing for a lagging probe too), of all seqs.")
    return failed ? 1 : 0
}

/// Notifications and bytes per bid stored between two readings (warm-up and tail included on both sides).
private func perBid(_ before: NotifyCounter.Reading, _ after: NotifyCounter.Reading) -> (Double, Double) {
    let stored = after.storedBids - before.storedBids
    guard stored > 0 else { return (0, 0) }
    return (Double(after.count - before.count) / Double(stored), Double(after.bytes - before.bytes) / Double(stored))
}

private func printBids(_ label: String, _ runs: [ServerBench.BidResult], traffic: [(Double, Double)]?) {
    let notifyPerBid = traffic.map { median($0.map(\.0)) }
    let notify = notifyPerBid.map { format($0, 2) } ?? "-"
    let bytes = traffic.map { format(median($0.map(\.1)), 1) } ?? "-"
    // One NOTIFY per transaction that stored bids: its inverse is the bids each commit held.
    let perCommit = notifyPerBid.map { $0 > 0 ? format(1 / $0, 1) : "-" } ?? "-"
    print(pad(label, 12) + pad(format(median(runs.map(\.perSecond)), 0), 12)
          + pad(milliseconds(Int64(median(runs.map { Double($0.p50) }))), 12)
          + pad(milliseconds(Int64(median(runs.map { Double($0.p99) }))), 12) + pad(notify, 12) + pad(bytes, 11) + perCommit)
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

private func milliseconds(_ nanoseconds: Int64) -> String {
    format(Double(nanoseconds) / 1_000_000, 2) + " ms"
}

private struct ClusterBenchmarkOptions {
    var seconds = 3.0
    var runs = 3
    var bidders = 16
    /// The bidder counts of the durable-bids table: 16 and 64 unless `--bidders` names one.
    var bidderCounts = [16, 64]
    var watchers = 1_000
    var pushBidders = 60

    init?(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--seconds":
                guard let number = Double(value), number > 0 else { return nil }
                seconds = number
            case "--runs":
                guard let number = Int(value), (1...9).contains(number) else { return nil }
                runs = number
            case "--bidders":
                guard let number = Int(value), (1...64).contains(number) else { return nil }
                bidders = number
                bidderCounts = [number]
            case "--watchers":
                guard let number = Int(value), (10...20_000).contains(number) else { return nil }
                watchers = number
            case "--push-bidders":
                guard let number = Int(value), (1...60).contains(number) else { return nil }
                pushBidders = number
            default:
                return nil
            }
            index += 2
        }
    }
}
