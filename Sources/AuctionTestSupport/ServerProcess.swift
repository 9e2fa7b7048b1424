import Foundation

/// A real `auction-server` child process for end-to-end tests: started on free ports, its
/// `listening …` line parsed, its standard error collected, stopped by a signal.
public final class ServerProcess: @unchecked Sendable {
    /// The child.
    public let process: Process
    /// The HTTP port it reported.
    public let httpPort: Int
    /// The socket port it reported.
    public let socketPort: Int
    /// The line it printed on start.
    public let listeningLine: String
    private let output = ProcessOutput()

    /// Starts the built `auction-server` with `arguments` (ports 0 are added unless given) and waits
    /// up to `timeout` seconds for its `listening http=… socket=…` line.
    public init(arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30) throws {
        var arguments = arguments
        if !arguments.contains(where: { $0.hasPrefix("--http-port") }) { arguments += ["--http-port", "0"] }
        if !arguments.contains(where: { $0.hasPrefix("--socket-port") }) { arguments += ["--socket-port", "0"] }
        process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.executable("auction-server"))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("AUCTION_SERVER_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let collected = output
        out.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData, toStdout: true) }
        err.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData, toStdout: false) }
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        var line: String?
        while line == nil && Date() < deadline && process.isRunning {
            line = output.stdout.split(separator: "\n").first { $0.hasPrefix("listening ") }.map(String.init)
            if line == nil { usleep(10_000) }
        }
        line = line ?? output.stdout.split(separator: "\n").first { $0.hasPrefix("listening ") }.map(String.init)
        guard let line, let http = Self.port(after: "http=", in: line), let socket = Self.port(after: "socket=", in: line) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw ServerProcessError.didNotStart(stderr: output.stderr)
        }
        listeningLine = line
        httpPort = http
        socketPort = socket
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything written to standard output so far.
    public var stdout: String { output.stdout }
    /// Everything written to standard error so far.
    public var stderr: String { output.stderr }

    /// Sends a signal (e.g. `SIGTERM`, `SIGKILL`).
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; its exit status (128 + signal when killed), or nil after `timeout` seconds.
    public func waitForExit(timeout: TimeInterval = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    private static func port(after key: String, in line: String) -> Int? {
        guard let range = line.range(of: key) else { return nil }
        let address = line[range.upperBound...].prefix { $0 != " " }
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }
}

/// Why a server process could not be used.
public enum ServerProcessError: Error, Equatable {
    /// It exited or timed out before printing its `listening` line; its standard error says why.
    case didNotStart(stderr: String)
}

private final class ProcessOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func append(_ data: Data, toStdout: Bool) {
        lock.withLock { if toStdout { out.append(data) } else { err.append(data) } }
    }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
