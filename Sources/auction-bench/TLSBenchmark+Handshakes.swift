// Full TLS handshakes per second against the server's one loop thread (the `tls` suite).
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure
import Foundation

/// Clients that connect, finish a full handshake (a new session each time: no resumption), close,
/// and start again, `inFlight` at once, all on one loop. Loop thread only.
// @unchecked Sendable: touched only on `loop`; it crosses threads only inside `loop.execute` closures.
private final class HandshakeDriver: @unchecked Sendable {
    let loop: EventLoop
    let port: Int
    let context: TLSContext
    var running = true
    var completed = 0
    var failed = 0
    var open = 0

    init(loop: EventLoop, port: Int, context: TLSContext) {
        self.loop = loop
        self.port = port
        self.context = context
    }

    func start(_ inFlight: Int) {
        for _ in 0..<inFlight { next() }
    }

    private func next() {
        guard running else { return }
        open += 1
        TCPConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 10_000, on: loop, tls: context) { [self] result in
            open -= 1
            switch result {
            case .success(let connection):
                completed += 1
                connection.close()
            case .failure:
                failed += 1
            }
            next()
        }
    }
}

/// CPU seconds the thread named `name` in this process has used (`/proc/self/task/*/stat`); nil when none.
func threadCPUSeconds(named name: String) -> Double? {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
    for task in tasks {
        guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
              comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
              let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        // After the command in parentheses: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    return nil
}

/// Runs `rounds` handshake runs of `seconds` each with 64 handshakes in flight; prints handshakes/s
/// and handshakes per CPU second of the server's loop thread and its `tls-handshake` threads together.
func measureHandshakes(port: Int, context: TLSContext, seconds: Double, rounds: Int, loop: EventLoop) -> Bool {
    print("")
    print("full TLS handshakes (TLS 1.3, X25519, ECDSA P-256; connect, handshake, close; 64 in flight from one client loop)")
    print(pad("run", 6) + pad("handshakes/s", 16) + pad("server CPU", 18) + pad("per server CPU-second", 24) + "failed")
    var perSecond: [Double] = [], perCPUSecond: [Double] = []
    for round in 1...rounds {
        let driver = HandshakeDriver(loop: loop, port: port, context: context)
        onLoop(loop) { driver.start(64) }
        usleep(500_000)  // warm-up
        let countBefore = onLoop(loop) { driver.completed }
        let cpuBefore = serverTLSCPUSeconds(), started = MonotonicClock.nanoseconds()
        usleep(UInt32(seconds * 1_000_000))
        let countAfter = onLoop(loop) { driver.completed }
        let cpuAfter = serverTLSCPUSeconds(), elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        onLoop(loop) { driver.running = false }
        while onLoop(loop, { driver.open }) > 0 { usleep(10_000) }
        let count = Double(countAfter - countBefore), cpu = cpuAfter - cpuBefore
        guard count > 0 else {
            print("handshakes: none completed (\(onLoop(loop) { driver.failed }) failed)")
            return false
        }
        perSecond.append(count / elapsed)
        perCPUSecond.append(cpu > 0 ? count / cpu : 0)
        print(pad("\(round)", 6) + pad(format(count / elapsed, 0), 16) + pad(format(cpu / elapsed * 100, 0) + " %", 18)
              + pad(format(cpu > 0 ? count / cpu : 0, 0), 24) + "\(onLoop(loop) { driver.failed })")
        usleep(1_000_000)  // let the closed connections' TIME_WAIT ports settle a little
    }
    print("median: \(format(medianOf(perSecond), 0)) handshakes/s; \(format(medianOf(perCPUSecond), 0)) per CPU-second of the server's loop "
          + "and handshake threads (server CPU: their share of one core)")
    return true
}

/// CPU seconds of the server's loop thread and its TLS listeners' handshake threads.
private func serverTLSCPUSeconds() -> Double {
    threadsCPUSeconds(prefix: "auction-server") + threadsCPUSeconds(prefix: "tls-handshake")
}
