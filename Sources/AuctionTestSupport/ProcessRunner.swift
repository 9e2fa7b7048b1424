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

/// Why a child process could not be started.
public enum ProcessRunnerError: Error, Equatable {
    /// `posix_spawn` failed with this errno.
    case spawnFailed(executable: String, errno: Int32)
}

/// Runs executables to completion, feeding stdin and collecting output.
///
/// Spawns through `SpawnedProcess` (`posix_spawn` and `waitpid`) rather than Foundation's `Process`,
/// which never notices the exit of a child whose grandchild (a daemon such as tmux's server) keeps its pipes open.
public enum ProcessRunner {
    /// Runs `executable` with arguments and extra environment; kills it after `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: String? = nil, timeout: TimeInterval = 30
    ) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        for key in ["AUCTION_HTTP", "AUCTION_SOCKET", "AUCTION_PROFILE"] { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(executable, arguments, environment: env, stdin: Array((stdin ?? "").utf8))
        } catch SpawnError.system(_, let code) {
            throw ProcessRunnerError.spawnFailed(executable: executable, errno: code)
        }
        if process.waitForExit(timeout: timeout) == nil { process.kill() }
        // After the exit, stop at end-of-file, or after a short grace when a grandchild holds the pipes.
        let status = process.finish(drainTimeout: 0.3)
        return ProcessResult(status: status, stdout: process.stdout, stderr: process.stderr)
    }
}
