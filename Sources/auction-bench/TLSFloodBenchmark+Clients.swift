// The clients of the `tls-flood` suite: a flood of full handshakes from many loopback addresses,
// and an outsider opening fresh handshakes one at a time from an address outside the flood.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure

/// `count` clients from `addresses` loopback addresses (127.0.0.2 on), each connecting, finishing a
/// full handshake, closing and starting again; a refused one waits `retryMilliseconds` first. Loop thread only.
// @unchecked Sendable: touched only on `loop`; it crosses threads only inside `loop.execute` closures.
final class HandshakeFlood: @unchecked Sendable {
    let loop: EventLoop
    let port: Int
    let context: TLSContext
    let retryMilliseconds: Int64
    var running = true
    var completed = 0
    var failed = 0
    var open = 0

    init(loop: EventLoop, port: Int, context: TLSContext, retryMilliseconds: Int64 = 50) {
        self.loop = loop
        self.port = port
        self.context = context
        self.retryMilliseconds = retryMilliseconds
    }

    /// Starts clients `first..<first+count`, client `n` from address `127.0.0.(2 + n % addresses)`.
    func start(first: Int, count: Int, addresses: Int) {
        for client in first..<(first + count) { next(from: "127.0.0.\(2 + client % addresses)") }
    }

    private func next(from source: String) {
        guard running else { return }
        open += 1
        TCPConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 30_000, on: loop, tls: context,
                              localHost: source) { [self] result in
            open -= 1
            switch result {
            case .success(let connection):
                completed += 1
                connection.close()
                next(from: source)
            case .failure:
                failed += 1
                guard running else { return }
                loop.scheduleOnLoop(afterMilliseconds: retryMilliseconds) { [self] in next(from: source) }
            }
        }
    }
}

/// Fresh handshakes from `source`, one at a time with `pauseMilliseconds` between them: how many
/// completed, how many were refused or reset, and how long each took. Loop thread only.
// @unchecked Sendable: touched only on `loop`; it crosses threads only inside `loop.execute` closures.
final class FreshHandshakes: @unchecked Sendable {
    let loop: EventLoop
    let port: Int
    let context: TLSContext
    let source: String
    let pauseMilliseconds: Int64
    var running = true
    var completed = 0
    var failures: [String] = []
    var durations: [Int64] = []
    var inFlight = false

    init(loop: EventLoop, port: Int, context: TLSContext, source: String, pauseMilliseconds: Int64 = 100) {
        self.loop = loop
        self.port = port
        self.context = context
        self.source = source
        self.pauseMilliseconds = pauseMilliseconds
    }

    func next() {
        guard running else { return }
        inFlight = true
        let started = MonotonicClock.nanoseconds()
        TCPConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 30_000, on: loop, tls: context,
                              localHost: source) { [self] result in
            inFlight = false
            durations.append(MonotonicClock.nanoseconds() - started)
            switch result {
            case .success(let connection):
                completed += 1
                connection.close()
            case .failure(let error):
                failures.append(error.description)
            }
            loop.scheduleOnLoop(afterMilliseconds: pauseMilliseconds) { [self] in next() }
        }
    }
}

/// CPU seconds used by every thread of this process whose name starts with `prefix` (`/proc/self/task/*/stat`).
func threadsCPUSeconds(prefix: String) -> Double {
    guard let directory = opendir("/proc/self/task") else { return 0 }
    defer { closedir(directory) }
    var total = 0.0
    while let entry = readdir(directory) {
        let task = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard task.first?.isNumber == true,
              let comm = readSmallFile("/proc/self/task/\(task)/comm"), comm.hasPrefix(prefix),
              let stat = readSmallFile("/proc/self/task/\(task)/stat"), let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
        total += (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    return total
}

private func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 1_024)
    let count = read(fd, &bytes, bytes.count)
    return count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self) : nil
}
