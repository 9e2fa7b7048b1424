// The `cluster` suite's processes: a durable PostgreSQL through scripts/postgres, auction-server
// nodes spawned from the release build, and a LISTEN connection that counts NOTIFY traffic.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import Foundation

/// One spawned `auction-server` with its log file and the ports from its `listening` line.
final class BenchNode {
    let command: SpawnedCommand
    let logPath: String
    let socketPort: Int
    let httpPort: Int

    /// Starts the `auction-server` next to this binary with `arguments` and the benchmark's common
    /// flags; waits up to 60 s for its line. Nil (and the log's tail printed) when it does not start.
    init?(name: String, arguments: [String], folder: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/auction-server"
        logPath = folder + "/\(name).log"
        let fd = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let common = ["--http-port", "0", "--socket-port", "0", "--allow-anonymous-bids", "--bids-per-second", "10000000",
                      "--max-price", String(Money.largestExact.minorUnits), "--max-raise", String(Money.largestExact.minorUnits),
                      "--log-level", "warning"]
        // Each node's local files (if any) in a folder of its own, never the user's.
        setenv("XDG_DATA_HOME", folder + "/\(name)", 1)
        guard let command = try? SpawnedCommand([binary] + common + arguments, output: FileDescriptor(rawValue: fd)) else { return nil }
        self.command = command
        var ports: (Int, Int)?
        for _ in 0..<600 where ports == nil {
            ports = Self.ports(in: (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
            if ports == nil { usleep(100_000) }
        }
        guard let ports else {
            print("cluster: node \(name) did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
            command.kill()
            _ = command.wait()
            return nil
        }
        (httpPort, socketPort) = ports
    }

    /// Stops the node (SIGTERM) and reaps it.
    func stop() {
        _ = Glibc.kill(command.pid, SIGTERM)
        _ = command.wait()
    }

    private static func ports(in log: String) -> (Int, Int)? {
        guard let start = log.range(of: "listening http=") else { return nil }
        let line = log[start.upperBound...].prefix { $0 != "\n" }
        guard log[start.upperBound...].contains("\n") else { return nil }
        let fields = line.split(separator: " ")
        guard let http = fields.first?.split(separator: ":").last.flatMap({ Int($0) }),
              let socket = fields.first(where: { $0.hasPrefix("socket=") })?.split(separator: ":").last.flatMap({ Int($0) }) else { return nil }
        return (http, socket)
    }
}

/// A PostgreSQL server of the benchmark's own, fsync on (`scripts/postgres start --durable`).
struct BenchPostgres {
    let directory: String
    let url: String

    /// Starts it in `directory`; nil (with the script's reason printed) when it cannot.
    init?(directory: String) {
        self.directory = directory
        guard let output = Self.script(["start", "--durable"], directory: directory) else { return nil }
        url = output
    }

    /// Stops it and removes its folder.
    func stop() { _ = Self.script(["stop"], directory: directory) }

    /// Runs `scripts/postgres ARGUMENTS` for `directory` (through `SpawnedCommand`: Foundation's
    /// `Process` never sees the exit of a script whose daemon inherits its exit-watch socket); its
    /// trimmed output, or nil when it failed.
    private static func script(_ arguments: [String], directory: String) -> String? {
        setenv("AUCTION_POSTGRES_DIR", directory, 1)
        defer { unsetenv("AUCTION_POSTGRES_DIR") }
        let outputPath = directory + ".out"
        let fd = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        defer { unlink(outputPath) }
        let command: SpawnedCommand
        do {
            command = try SpawnedCommand([FileManager.default.currentDirectoryPath + "/scripts/postgres"] + arguments,
                                         output: FileDescriptor(rawValue: fd))
        } catch {
            close(fd)
            print("cluster: cannot run scripts/postgres (run through scripts/bench, from the checkout): \(error)")
            return nil
        }
        close(fd)
        command.feed([])
        let ended = command.wait()
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard ended == .exited(0) else {
            print("cluster: scripts/postgres \(arguments.joined(separator: " ")): \(output)")
            return nil
        }
        // Standard error shares the file: the URL is the last line.
        return output.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces)
    }
}

/// Counts the notifications (and their bytes: channel + payload) one LISTEN connection receives on
/// the cluster's channels, on a thread of its own.
// @unchecked Sendable: `counts` and `running` are Mutexes; the connection lives on the counting thread only.
final class NotifyCounter: @unchecked Sendable {
    static let channels = ["auction_bids", "auction_closes", "auction_chat", "auction_notices", "auction_lots"]
    private let counts = Mutex((count: 0, bytes: 0))
    private let running = Mutex(true)
    private let done = Latch<Bool>()
    private let url: String

    /// Connects to `url` and starts counting; nil when PostgreSQL cannot be reached.
    init?(url: String) {
        self.url = url
        let ready = Latch<Bool>()
        Thread.detachNewThread { [self] in
            guard let connection = try? PostgresConnection(url) else {
                ready.fulfil(false)
                done.fulfil(true)
                return
            }
            for channel in Self.channels { try? connection.listen(channel) }
            ready.fulfil(true)
            while running.withLock({ $0 }) {
                guard let received = try? connection.waitForNotifications(milliseconds: 100) else { break }
                let bytes = received.reduce(0) { $0 + $1.channel.utf8.count + $1.payload.utf8.count }
                counts.withLock { $0.count += received.count; $0.bytes += bytes }
            }
            connection.close()
            done.fulfil(true)
        }
        guard ready.wait() == true else { return nil }
    }

    /// What the counter saw up to one moment, with the number of bids stored by then.
    struct Reading {
        var count: Int
        var bytes: Int
        var storedBids: Int
    }

    /// Notifications and bytes received so far, and the bids stored (a short pause first lets deliveries land).
    func reading() -> Reading {
        usleep(300_000)
        let stored = (try? PostgresConnection(url)).map { connection in
            defer { connection.close() }
            return ((try? connection.storedPricesAndBidCounts()) ?? []).reduce(0) { $0 + Int($1.bidCount) }
        } ?? 0
        let (count, bytes) = counts.withLock { ($0.count, $0.bytes) }
        return Reading(count: count, bytes: bytes, storedBids: stored)
    }

    /// Stops counting and closes the connection.
    func stop() {
        running.withLock { $0 = false }
        _ = done.wait()
    }
}
