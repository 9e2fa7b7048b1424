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
    ///
    /// Output is read until the child exits and its pipes reach end-of-file; a grandchild that
    /// keeps the pipes open (a daemon such as tmux's server) cannot make this wait forever.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: String? = nil, timeout: TimeInterval = 30
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["AUCTION_HTTP", "AUCTION_SOCKET", "AUCTION_PROFILE"] { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()

        var drains = [PipeDrain(out.fileHandleForReading.fileDescriptor), PipeDrain(err.fileHandleForReading.fileDescriptor)]
        let deadline = Date().addingTimeInterval(timeout)
        var exitedAt: Date?
        while true {
            drains.pollOnce(milliseconds: 20)
            if process.isRunning {
                if Date() > deadline {
                    process.terminate()
                    usleep(200_000)
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                }
                continue
            }
            let exited = exitedAt ?? Date()
            exitedAt = exited
            // After exit, stop at EOF, or after a short grace when a grandchild holds the pipes.
            if drains.allSatisfy(\.finished) || Date().timeIntervalSince(exited) > 0.5 { break }
        }
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(status: status, stdout: drains[0].text, stderr: drains[1].text)
    }
}

/// Reads one pipe without blocking, until end-of-file.
private struct PipeDrain {
    let descriptor: Int32
    var bytes: [UInt8] = []
    var finished = false

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !finished {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                finished = true
            } else if errno != EINTR {
                return // EAGAIN: nothing more for now
            }
        }
    }
}

extension Array where Element == PipeDrain {
    /// Waits up to `milliseconds` for any unfinished pipe to become readable, then reads what is there.
    fileprivate mutating func pollOnce(milliseconds: Int32) {
        var fds = filter { !$0.finished }.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        if fds.isEmpty { usleep(UInt32(milliseconds) * 1000); return }
        _ = poll(&fds, nfds_t(fds.count), milliseconds)
        for index in indices where !self[index].finished { self[index].readAvailable() }
    }
}
