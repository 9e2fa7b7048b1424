// The idle-connections level of the `server` suite: bids/s with 10,000 idle connections open beside
// the same run without them, and the server's resident memory per idle connection.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure
import AuctionServer
import Foundation

/// Connections that connect and then do nothing, held by a child `bash` (`/dev/tcp`), so their
/// client ends cost this process (which holds the server) no descriptor and no memory.
final class IdleConnections {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Opens `count` connections to 127.0.0.1:`port`; nil when the child could not open them all.
    convenience init?(count: Int, port: Int) {
        self.init(command: "/bin/bash", ["-c", """
            for ((i=0;i<\(count);i++)); do exec {fd}<>/dev/tcp/127.0.0.1/\(port) || exit 1; done
            echo ready; read -r _
            """])
    }

    /// Runs `command`, which opens its connections, prints `ready` and holds them until its input closes.
    init?(command: String, _ arguments: [String]) {
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let line = String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
        guard line.hasPrefix("ready") else {
            close()
            return nil
        }
    }

    /// Closes every connection (the child exits) and waits for the child.
    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

extension ServerBench {
    /// Closed-loop bidders while one watcher (four pages loaded) gets every push.
    func bidsWithOneWatcher(bidders: Int, level: Int) -> BidResult {
        let connections = connectMany(1, port: port, on: watcherLoop)
        let watchers = BenchWatchers(loop: watcherLoop)
        onLoop(watcherLoop) {
            for connection in connections { watchers.adopt(connection) }
            watchers.subscribeAll()
        }
        while onLoop(watcherLoop, { watchers.listReplies }) < connections.count { usleep(5_000) }
        let result = bids(bidders: bidders, level: level)
        onLoop(watcherLoop) { watchers.closeAll() }
        return result
    }
}

/// The server's open socket connections, from `GET /health` (a plain blocking request).
func socketConnections(httpPort: Int) -> Int? {
    let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { Glibc.close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(httpPort).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return nil }
    let request = Array("GET /health HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".utf8)
    guard send(fd, request, request.count, CInt(MSG_NOSIGNAL)) == request.count else { return nil }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        answer += chunk[0..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard let range = text.range(of: "\"socket_connections\":") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
}

/// This process's resident memory in bytes (`/proc/self/statm`).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs the idle level: `rounds` pairs of runs without and with `idle` idle connections, alternating.
/// Prints each run, the median ratio and the resident memory per idle connection; false on failure.
func runIdleLevel(_ bench: ServerBench, server: AuctionHouseServer, addresses: ServerAddresses,
                  idle: Int, bidders: Int, rounds: Int) -> Bool {
    print("")
    print("bids with \(idle) idle connections open (never logged in, never watching) beside the same run without them")
    print("(\(bidders) bidders, one watcher with 4 pages loaded; runs alternate)")
    print(pad("run", 10) + pad("idle", 10) + pad("bids/s", 14) + pad("p50 reply", 14) + pad("p99 reply", 14) + "visited/group")
    var without: [Double] = [], with: [Double] = [], rssPerConnection: Double?
    for round in 0..<rounds {
        for withIdle in [false, true] {
            var holder: IdleConnections?
            if withIdle {
                let before = socketConnections(httpPort: addresses.http.port) ?? 0
                let rssBefore = residentBytes()
                guard let opened = IdleConnections(count: idle, port: addresses.socket.port) else {
                    print("idle: could not open \(idle) connections")
                    return false
                }
                holder = opened
                var waited = 0
                while (socketConnections(httpPort: addresses.http.port) ?? 0) < before + idle, waited < 3_000 {
                    usleep(10_000)
                    waited += 1
                }
                // The first opening only: later ones reuse the memory the allocator kept from it.
                if rssPerConnection == nil { rssPerConnection = Double(residentBytes() - rssBefore) / Double(idle) }
            }
            let statisticsBefore = server.fanOutStatistics ?? FanOutStatistics()
            let result = bench.bidsWithOneWatcher(bidders: bidders, level: 2_000 + round * 2 + (withIdle ? 1 : 0))
            let statisticsAfter = server.fanOutStatistics ?? FanOutStatistics()
            holder?.close()
            let groups = statisticsAfter.groups - statisticsBefore.groups
            let visited = statisticsAfter.connectionsVisited - statisticsBefore.connectionsVisited
            if result.accepted == 0 { return false }
            (withIdle ? { with.append(result.perSecond) } : { without.append(result.perSecond) })()
            print(pad("\(round + 1)", 10) + pad(withIdle ? "\(idle)" : "0", 10) + pad(format(result.perSecond, 0), 14)
                  + pad(format(Double(result.p50) / 1_000_000, 2) + " ms", 14) + pad(format(Double(result.p99) / 1_000_000, 2) + " ms", 14)
                  + (groups > 0 ? format(Double(visited) / Double(groups), 2) : "-"))
        }
    }
    let ratio = medianOf(with) / max(1, medianOf(without))
    print("median bids/s: \(format(medianOf(without), 0)) without, \(format(medianOf(with), 0)) with idle connections; "
          + "ratio \(format(ratio, 2))")
    print("server resident memory per idle connection: \(format(rssPerConnection ?? 0, 0)) bytes "
          + "(resident set growth while the first \(idle) were accepted, over \(idle))")
    print("visited/group: connections the fan-out looked at per push group (groups of 2 or more bids)")
    return true
}

