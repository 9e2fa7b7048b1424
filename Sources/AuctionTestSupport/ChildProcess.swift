import Foundation

/// A long-running child process whose output is read as it comes (for `auction watch` piped):
/// wait for output, signal it, collect its exit status.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var out = Data(), err = Data()

    /// Starts `executable` with arguments and extra environment (the `AUCTION_*` variables are cleared first).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["AUCTION_HTTP", "AUCTION_SOCKET", "AUCTION_PROFILE"] { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { self?.append(data, toStdout: true) }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { self?.append(data, toStdout: false) }
        }
        try process.run()
    }

    private func append(_ data: Data, toStdout: Bool) {
        lock.withLock { if toStdout { out.append(data) } else { err.append(data) } }
    }

    /// Standard output so far.
    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    /// Standard error so far.
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
    /// The process id.
    public var pid: Int32 { process.processIdentifier }

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
    public func signal(_ number: Int32) { Foundation.kill(process.processIdentifier, number) }

    /// Waits up to `timeout` seconds for the exit; the status (128 + signal when killed), or nil if still running.
    public func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Kills the process if it still runs.
    public func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { kill() }
}
