import Foundation

/// A long-running child process whose output is read as it comes (for `auction watch` piped):
/// wait for output, signal it, collect its exit status.
public final class ChildProcess: Sendable {
    private let process: SpawnedProcess

    /// Starts `executable` with arguments and extra environment (the `AUCTION_*` variables are cleared first).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        var env = ProcessInfo.processInfo.environment
        for key in ["AUCTION_HTTP", "AUCTION_SOCKET", "AUCTION_PROFILE"] { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process = try SpawnedProcess(executable, arguments, environment: env)
    }

    /// Standard output so far.
    public var stdout: String { process.stdout }
    /// Standard error so far.
    public var stderr: String { process.stderr }
    /// The process id.
    public var pid: Int32 { process.pid }

    /// Polls until `condition` holds for (stdout, stderr) or `timeout` seconds pass; returns whether it held.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 10, _ condition: (_ stdout: String, _ stderr: String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(stdout, stderr) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Sends a signal (e.g. `SIGTERM`).
    public func signal(_ number: Int32) { process.signal(number) }

    /// Waits up to `timeout` seconds for the exit; the status (128 + signal when killed), or nil if still running.
    public func waitForExit(timeout: TimeInterval = 10) -> Int32? { process.waitForExit(timeout: timeout) }

    /// Kills the process if it still runs.
    public func kill() { process.kill() }

    deinit { process.kill() }
}
