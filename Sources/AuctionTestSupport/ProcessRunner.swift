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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "AUCTION_HTTP")
        env.removeValue(forKey: "AUCTION_SOCKET")
        env.removeValue(forKey: "AUCTION_PROFILE")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isStdout: isOut)
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); usleep(200_000); if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        process.waitUntilExit()
        group.wait()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(status: status, stdout: collected.stdout, stderr: collected.stderr)
    }
}

private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()
    func store(_ data: Data, isStdout: Bool) { lock.withLock { if isStdout { out = data } else { err = data } } }
    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
