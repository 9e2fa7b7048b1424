import Foundation

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit status (or 128 + signal when killed).
    public var status: Int32
    /// Everything written to standard output, as UTF-8.
    public var stdout: String
    /// Everything written to standard error, as UTF-8.
    public var stderr: String
}

/// Runs built executables to completion, feeding stdin and collecting output.
public enum ProcessRunner {
    /// Runs `executable` with arguments and extra environment; kills it after `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: String? = nil, timeout: TimeInterval = 30
    ) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "AUCTION_HTTP")
        env.removeValue(forKey: "AUCTION_SOCKET")
        env.removeValue(forKey: "AUCTION_PROFILE")
        for (key, value) in environment { env[key] = value }
        // posix_spawn + waitpid, not Foundation's Process: see `SpawnedProcess` for why.
        let process = try SpawnedProcess(executable, arguments, environment: env, stdin: Array((stdin ?? "").utf8))
        if process.waitForExit(timeout: timeout) == nil {
            process.signal(SIGTERM)
            if process.waitForExit(timeout: 0.2) == nil { process.kill() }
        }
        let status = process.finish()
        return ProcessResult(status: status, stdout: process.stdout, stderr: process.stderr)
    }
}
