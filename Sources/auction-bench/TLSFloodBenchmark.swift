// The `tls-flood` suite (issue 37): an established TLS bystander's bids and an outsider's fresh
// handshakes while thousands of full handshakes from hundreds of addresses flood the TLS socket.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation

/// Runs the `tls-flood` benchmark suite; returns the process exit status.
///
/// Options: `--seconds N` (measured time per run, default 5), `--handshakes N` (flood clients, each
/// one handshake in flight, default 2000), `--addresses N` (loopback addresses they come from, default
/// 250), `--rounds N` (quiet/flood pairs, default 3), `--flood-nice N` (the flood's threads' nice value,
/// default 0: they compete with the server for the same cores, as the figures in issue 37 did).
func runTLSFloodBenchmark(_ arguments: [String]) -> Int32 {
    guard let options = TLSFloodOptions(arguments) else {
        print("usage: auction-bench tls-flood [--seconds N] [--handshakes N] [--addresses N] [--rounds N] [--flood-nice N]")
        return 2
    }
    ProcessLimits.ignoreSIGPIPE()
    let fileLimit = ProcessLimits.raiseOpenFileLimit()
    guard let setup = TLSBenchSetup(suite: "tls-flood") else { return 1 }
    defer { setup.remove() }
    let socketTLS = setup.socketTLS
    let configuration = setup.configuration
    let limits = configuration.transport.handshakes  // the defaults: the flood meets the bounds as shipped
    let server = AuctionHouseServer(configuration: configuration, log: .silent)
    let addresses: ServerAddresses
    do {
        addresses = try server.start()
    } catch {
        print("tls-flood benchmark: cannot start the server: \(error)")
        return 1
    }
    defer { server.stop() }
    guard let (bidderLoop, watcherLoop) = spawnClientLoops(suite: "tls-flood benchmark"),
          let floodLoops = try? (0..<2).map({ try EventLoop.spawn(name: "bench-flood-\($0)") }),
          let outsiderLoop = try? EventLoop.spawn(name: "bench-outsider") else { return 1 }
    defer { for loop in [bidderLoop, watcherLoop, outsiderLoop] + floodLoops { loop.shutdown() } }
    if options.floodNice > 0 { for loop in floodLoops { loop.execute { ProcessLimits.lowerThreadPriority(nice: CInt(options.floodNice)) } } }
    print("tls-flood: in-process server, TLS socket \(addresses.socket), certificate ECDSA P-256; handshake bounds as shipped "
          + "(\(limits.handshakesPerAddressPerSecond)/s per address, \(limits.maximumPendingHandshakes) in progress, "
          + "\(limits.handshakeTimeoutMilliseconds / 1_000) s deadline); open-file limit \(fileLimit)")
    print("flood: \(options.handshakes) clients with one full handshake each in flight (connect, TLS 1.3 handshake, close, again; "
          + "a refused one retries after 50 ms) from \(options.addresses) addresses 127.0.0.2…, on 2 client loops (nice \(options.floodNice))")
    print("bystander: one established TLS bidder from 127.0.0.1, closed loop; outsider: a fresh handshake from 127.0.1.1 every 100 ms")
    print("")
    print(pad("run", 5) + pad("flood", 8) + pad("handshakes/s", 14) + pad("refused/s", 11) + pad("bids", 8) + pad("bid p50", 10)
          + pad("bid p99", 10) + pad("outsider ok", 13) + pad("reset", 7) + pad("outsider max", 14) + pad("loop CPU", 10) + "handshake CPU")
    var bystander = ServerBench(port: addresses.socket.port, bidderLoop: bidderLoop, watcherLoop: watcherLoop, seconds: options.seconds)
    bystander.tls = socketTLS
    var p99: [Bool: [Double]] = [:], resets = 0, outsiderTotal = 0
    for round in 1...options.rounds {
        for flooding in [false, true] {
            let floods = floodLoops.map { HandshakeFlood(loop: $0, port: addresses.socket.port, context: socketTLS) }
            let outsider = FreshHandshakes(loop: outsiderLoop, port: addresses.socket.port, context: socketTLS, source: "127.0.1.1")
            if flooding {
                let share = options.handshakes / floods.count
                for (index, flood) in floods.enumerated() {
                    onLoop(flood.loop) { flood.start(first: index * share, count: share, addresses: options.addresses) }
                }
                usleep(2_000_000)  // the flood builds up to its steady state
            }
            let before = floods.map { flood in onLoop(flood.loop) { (flood.completed, flood.failed) } }
            let cpuBefore = (threadsCPUSeconds(prefix: "auction-server"), threadsCPUSeconds(prefix: "tls-handshake"))
            let started = MonotonicClock.nanoseconds()
            onLoop(outsiderLoop) { outsider.next() }
            let bids = bystander.bids(bidders: 1, level: round * 2 + (flooding ? 1 : 0))
            let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
            let cpuAfter = (threadsCPUSeconds(prefix: "auction-server"), threadsCPUSeconds(prefix: "tls-handshake"))
            let after = floods.map { flood in onLoop(flood.loop) { (flood.completed, flood.failed) } }
            onLoop(outsiderLoop) { outsider.running = false }
            while onLoop(outsiderLoop, { outsider.inFlight }) { usleep(10_000) }
            for flood in floods { onLoop(flood.loop) { flood.running = false } }
            for flood in floods { while onLoop(flood.loop, { flood.open }) > 0 { usleep(10_000) } }
            let completed = zip(before, after).reduce(0) { $0 + $1.1.0 - $1.0.0 }, refused = zip(before, after).reduce(0) { $0 + $1.1.1 - $1.0.1 }
            let (fresh, failures, longest) = onLoop(outsiderLoop) { (outsider.completed, outsider.failures, outsider.durations.max() ?? 0) }
            if flooding {
                resets += failures.count
                outsiderTotal += fresh + failures.count
            }
            p99[flooding, default: []].append(Double(bids.p99) / 1e6)
            print(pad("\(round)", 5) + pad(flooding ? "on" : "off", 8) + pad(format(Double(completed) / elapsed, 0), 14)
                  + pad(format(Double(refused) / elapsed, 0), 11) + pad("\(bids.accepted)", 8)
                  + pad(format(Double(bids.p50) / 1e6, 2) + " ms", 10) + pad(format(Double(bids.p99) / 1e6, 1) + " ms", 10)
                  + pad("\(fresh)", 13) + pad("\(failures.count)", 7) + pad(format(Double(longest) / 1e6, 0) + " ms", 14)
                  + pad(format((cpuAfter.0 - cpuBefore.0) / elapsed * 100, 0) + " %", 10)
                  + format((cpuAfter.1 - cpuBefore.1) / elapsed * 100, 0) + " %")
            if let first = failures.first { print("      outsider: \(first)") }
            usleep(1_000_000)  // closed connections settle between runs
        }
    }
    print("median bystander bid p99: quiet \(format(medianOf(p99[false] ?? []), 1)) ms, under the flood "
          + "\(format(medianOf(p99[true] ?? []), 1)) ms (target ≤ 50 ms); outsider handshakes reset under the flood: \(resets) of \(outsiderTotal) (target 0)")
    print("(loop CPU: the server's event loop thread `auction-server`; handshake CPU: its `tls-handshake` threads, when there are any)")
    return 0
}

private struct TLSFloodOptions {
    var seconds = 5.0
    var handshakes = 2_000
    var addresses = 250
    var rounds = 3
    var floodNice = 0

    init?(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count, let number = Double(arguments[index + 1]), number >= 0 else { return nil }
            switch arguments[index] {
            case "--seconds": seconds = max(0.5, number)
            case "--handshakes": handshakes = max(2, Int(number))
            case "--addresses": addresses = min(250, max(1, Int(number)))
            case "--rounds": rounds = max(1, Int(number))
            case "--flood-nice": floodNice = min(19, Int(number))
            default: return nil
            }
            index += 2
        }
    }
}
