// The `tls` suite (issue 20): one in-process server with TLS on both listeners and plaintext
// listeners beside them, so every TLS figure has its plaintext twin from the same run.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation

/// Runs the `tls` benchmark suite; returns the process exit status.
///
/// Options: `--seconds N` (measured time per fan-out run and handshake run, default 3), `--watchers N`
/// (default 1000), `--rounds N` (alternating plaintext/TLS fan-out pairs and handshake runs, default 3),
/// `--idle N` (idle connections for the memory figure, default 10000; 0 skips it), `--runs N`
/// (`auction list` runs each way, default 15).
func runTLSBenchmark(_ arguments: [String]) -> Int32 {
    guard let options = TLSBenchmarkOptions(arguments) else {
        print("usage: auction-bench tls [--seconds N] [--watchers N] [--rounds N] [--idle N] [--runs N]")
        return 2
    }
    ProcessLimits.ignoreSIGPIPE()
    let fileLimit = ProcessLimits.raiseOpenFileLimit()
    guard let setup = TLSBenchSetup(suite: "tls") else { return 1 }
    defer { setup.remove() }
    let (certificates, socketTLS) = (setup.certificates, setup.socketTLS)
    var configuration = setup.configuration
    configuration.transport.plainSocketPort = 0
    configuration.transport.plainHTTPPort = 0
    configuration.transport.handshakes.handshakesPerAddressPerSecond = 1_000_000  // every client here is 127.0.0.1
    let server = AuctionHouseServer(configuration: configuration, log: .silent)
    let addresses: ServerAddresses
    do {
        addresses = try server.start()
    } catch {
        print("tls benchmark: cannot start the server: \(error)")
        return 1
    }
    defer { server.stop() }
    guard let plainSocket = addresses.plainSocket, let plainHTTP = addresses.plainHTTP else {
        print("tls benchmark: the plaintext listeners did not start")
        return 1
    }
    guard let (bidderLoop, watcherLoop) = spawnClientLoops(suite: "tls benchmark") else { return 1 }
    defer {
        bidderLoop.shutdown()
        watcherLoop.shutdown()
    }
    print("tls: in-process server, TLS \(addresses.socket) (socket) and \(addresses.http) (HTTPS), plaintext "
          + "\(plainSocket) and \(plainHTTP) beside them; certificate ECDSA P-256 from a throwaway CA; open-file limit \(fileLimit)")
    var failed = false
    // Memory first, on a fresh heap: later runs leave freed memory the allocator would hand back.
    if options.idle > 0 {
        failed = !measureIdleMemory(idle: options.idle, tlsPort: addresses.socket.port, plainPort: plainSocket.port,
                                    caFile: certificates.caFile, httpPort: plainHTTP.port) || failed
    }
    failed = !measureHandshakes(port: addresses.socket.port, context: socketTLS, seconds: options.seconds,
                                rounds: options.rounds, loop: bidderLoop) || failed
    let plain = ServerBench(port: plainSocket.port, bidderLoop: bidderLoop, watcherLoop: watcherLoop, seconds: options.seconds)
    var secured = ServerBench(port: addresses.socket.port, bidderLoop: bidderLoop, watcherLoop: watcherLoop, seconds: options.seconds)
    secured.tls = socketTLS
    failed = !measureFanOut(plain: plain, secured: secured, server: server, watchers: options.watchers, rounds: options.rounds) || failed
    failed = !measureListOverHTTPS(https: addresses.http.port, tlsSocket: addresses.socket.port, http: plainHTTP.port,
                                   plainSocket: plainSocket.port, caFile: certificates.caFile, runs: options.runs) || failed
    return failed ? 1 : 0
}

/// Pushes delivered/s to `watchers` watchers (4 pages loaded, 60 bidders), runs alternating plaintext
/// and TLS (every bidder and watcher over TLS); the medians and their ratio. False when a run saw no push.
private func measureFanOut(plain: ServerBench, secured: ServerBench, server: AuctionHouseServer, watchers: Int, rounds: Int) -> Bool {
    print("")
    print("price pushes to \(watchers) watchers with 4 pages loaded, 60 bidders; runs alternate plaintext / TLS")
    print(pad("run", 6) + pad("transport", 12) + pad("pushes/s", 12) + pad("bids/s", 10) + pad("delivered", 12)
          + pad("p50 sent→push", 16) + pad("p99 sent→push", 16) + pad("server µs", 12) + pad("server loop CPU", 17) + "bids/commit")
    var rates: [Bool: [Double]] = [false: [], true: []], costs: [Bool: [Double]] = [false: [], true: []]
    var level = 1_000
    for round in 1...rounds {
        for overTLS in [false, true] {
            level += 1
            let (result, perCommit) = server.bidsPerCommit { (overTLS ? secured : plain).pushes(watchers: watchers, bidders: 60, level: level) }
            guard result.pushes > 0 else {
                print("fan-out: no push delivered (\(overTLS ? "TLS" : "plaintext"))")
                return false
            }
            rates[overTLS, default: []].append(result.pushesPerSecond)
            let serverMicroseconds = result.serverLoopCPU * 1e6 / Double(max(1, result.pushes))
            costs[overTLS, default: []].append(serverMicroseconds)
            print(pad("\(round)", 6) + pad(overTLS ? "TLS" : "plaintext", 12) + pad(format(result.pushesPerSecond / 1_000_000, 2) + " M", 12)
                  + pad(format(result.bidsPerSecond, 0), 10) + pad(format(result.deliveredShare * 100, 1) + " %", 12)
                  + pad(format(Double(result.p50) / 1_000_000, 2) + " ms", 16) + pad(format(Double(result.p99) / 1_000_000, 2) + " ms", 16)
                  + pad(format(serverMicroseconds, 2), 12) + pad(format(result.serverLoopCPU / plain.seconds * 100, 0) + " %", 17)
                  + format(perCommit, 1))
        }
    }
    let plainMedian = medianOf(rates[false] ?? []), tlsMedian = medianOf(rates[true] ?? [])
    print("median pushes/s: plaintext \(format(plainMedian / 1_000_000, 2)) M, TLS \(format(tlsMedian / 1_000_000, 2)) M; "
          + "TLS / plaintext \(format(plainMedian > 0 ? tlsMedian / plainMedian : 0, 2)) (target ≥ 0.6)")
    let plainCost = medianOf(costs[false] ?? []), tlsCost = medianOf(costs[true] ?? [])
    print("median server-loop CPU per delivered push: plaintext \(format(plainCost, 2)) µs, TLS \(format(tlsCost, 2)) µs; "
          + "pushes per server CPU-second TLS / plaintext \(format(tlsCost > 0 ? plainCost / tlsCost : 0, 2))")
    print("(server µs: the server loop's CPU per delivered push, and its share of one core, in the measured window;")
    print(" the watchers' decryption runs in this process too, on one client loop)")
    return true
}

private struct TLSBenchmarkOptions {
    var seconds = 3.0
    var watchers = 1_000
    var rounds = 3
    var idle = 10_000
    var runs = 15

    init?(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count, let number = Double(arguments[index + 1]), number > 0 || arguments[index] == "--idle" else {
                return nil
            }
            switch arguments[index] {
            case "--seconds": seconds = number
            case "--watchers": watchers = Int(number)
            case "--rounds": rounds = max(1, Int(number))
            case "--idle": idle = min(100_000, max(0, Int(number)))
            case "--runs": runs = max(1, Int(number))
            default: return nil
            }
            index += 2
        }
    }
}
