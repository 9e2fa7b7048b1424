import Foundation

/// A real `auction-server` child process for end-to-end tests: started on free ports, its
/// `listening …` line parsed, its standard error collected, stopped by a signal.
public final class ServerProcess: Sendable {
    /// The child, spawned like every other test process (`SpawnedProcess`, not Foundation's `Process`).
    public let process: SpawnedProcess
    /// The HTTP port it reported.
    public let httpPort: Int
    /// The socket port it reported.
    public let socketPort: Int
    /// The line it printed on start.
    public let listeningLine: String

    /// Starts the built `auction-server` with `arguments` (ports 0 are added unless given) and waits
    /// up to `timeout` seconds for its `listening http=… socket=…` line.
    public init(arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30) throws {
        var arguments = arguments
        if !arguments.contains(where: { $0.hasPrefix("--http-port") }) { arguments += ["--http-port", "0"] }
        if !arguments.contains(where: { $0.hasPrefix("--socket-port") }) { arguments += ["--socket-port", "0"] }
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("AUCTION_SERVER_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process = try SpawnedProcess(BuildProducts.executable("auction-server"), arguments, environment: env)

        guard let line = ListeningLine.read(from: process, within: timeout) else {
            process.kill()
            throw ServerProcessError.didNotStart(stderr: process.stderr)
        }
        listeningLine = line.text
        httpPort = ListeningLine.port(of: line.http)
        socketPort = ListeningLine.port(of: line.socket)
    }

    deinit { process.kill() }

    /// Everything written to standard output so far.
    public var stdout: String { process.stdout }
    /// Everything written to standard error so far.
    public var stderr: String { process.stderr }

    /// Sends a signal (e.g. `SIGTERM`, `SIGKILL`).
    public func send(_ signal: Int32) { process.signal(signal) }

    /// Waits for the process to end; its exit status (128 + signal when killed), or nil after `timeout` seconds.
    public func waitForExit(timeout: TimeInterval = 30) -> Int32? { process.waitForExit(timeout: timeout) }
}

/// Why a server process could not be used.
public enum ServerProcessError: Error, Equatable {
    /// It exited or timed out before printing its `listening` line; its standard error says why.
    case didNotStart(stderr: String)
}
