// The `catalogue` suite's server: the release `auction-server` binary as a child process on a store
// file, free loopback ports, no simulation; its resident memory read from /proc.
#if canImport(Glibc)
import Glibc
#endif

/// A running `auction-server` child; `stop()` sends SIGTERM and waits for it.
final class CatalogueServerProcess {
    /// The child's process id.
    let pid: pid_t
    /// The HTTP port it listens on.
    let httpPort: Int

    /// Starts `binary --db path` (with `settings`, `AUCTION_SERVER_*=…` lines, in its environment) and waits
    /// for its `listening http=… socket=…` line; nil (child stopped) on failure.
    init?(binary: String, databasePath: String, directory: String, settings: [String] = []) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, 2, directory + "/server.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = [binary, "--db", databasePath, "--host", "127.0.0.1", "--http-port", "0", "--socket-port", "0",
                         "--simulate=off", "--log-level", "warning"]
        // A clean environment: no AUCTION_SERVER_* setting or config file of the caller's applies. The one
        // client address here asks thousands of queries a second: the per-address rate is lifted (a server
        // without the setting ignores it), so the figures are the queries' cost.
        let environment = ["HOME=" + directory, "XDG_DATA_HOME=" + directory, "XDG_CONFIG_HOME=" + directory, "PATH=/usr/bin:/bin",
                           "AUCTION_SERVER_QUERIES_PER_ADDRESS=1000000"] + settings
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, binary, &actions, nil, &argv, &envp)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        pid = child
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(pipeEnds[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        // "listening http=127.0.0.1:PORT socket=127.0.0.1:PORT"
        let text = String(decoding: line, as: UTF8.self)
        guard let http = text.split(separator: " ").first(where: { $0.hasPrefix("http=") }),
              let port = http.split(separator: ":").last.flatMap({ Int($0) }) else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            return nil
        }
        httpPort = port
    }

    /// The child's resident set (VmRSS) in kB, nil when /proc could not be read.
    var residentKilobytes: Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix("VmRSS:") else { continue }
            return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// The child's CPU time so far (user + system, from /proc/PID/stat) in milliseconds; nil when unreadable.
    var cpuMilliseconds: Double? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1_024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the command name's closing parenthesis: state is field 3, utime 14, stime 15.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) * 1_000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Stops the child (SIGTERM) and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
