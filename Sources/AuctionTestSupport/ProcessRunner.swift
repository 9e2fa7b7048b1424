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
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`, which never notices
/// the exit of a child whose grandchild (a daemon such as tmux's server) keeps its pipes open.
public enum ProcessRunner {
    /// Runs `executable` with arguments and extra environment; kills it after `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: String? = nil, timeout: TimeInterval = 30
    ) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        for key in ["AUCTION_HTTP", "AUCTION_SOCKET", "AUCTION_PROFILE"] { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }

        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [0, 0]
        for index in 0..<3 {
            var pair: [Int32] = [0, 0]
            pipe(&pair)
            pair.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            if index == 0 { outPipe = pair } else if index == 1 { errPipe = pair } else { inPipe = pair }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Threads of the test process (dispatch workers, the cooperative pool) block signals; a child
        // inheriting that mask never sees SIGCHLD or SIGTERM (tmux's server then never exits).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(outPipe[1]); close(errPipe[1]); close(inPipe[0])
        guard spawned == 0 else {
            close(outPipe[0]); close(errPipe[0]); close(inPipe[1])
            throw ProcessRunnerError.spawnFailed(executable: executable, errno: spawned)
        }
        if let stdin {
            _ = Array(stdin.utf8).withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        }
        close(inPipe[1])

        var drains = [PipeDrain(outPipe[0]), PipeDrain(errPipe[0])]
        defer { drains.forEach { close($0.descriptor) } }
        let deadline = Date().addingTimeInterval(timeout)
        var waitStatus: Int32 = 0
        var exitedAt: Date?
        var killed = false
        while true {
            drains.pollOnce(milliseconds: 10)
            if exitedAt == nil {
                if waitpid(pid, &waitStatus, WNOHANG) == pid {
                    exitedAt = Date()
                } else if Date() > deadline && !killed {
                    kill(pid, SIGKILL)
                    killed = true
                }
                continue
            }
            // After exit, stop at EOF, or after a short grace when a grandchild holds the pipes.
            if drains.allSatisfy(\.finished) || Date().timeIntervalSince(exitedAt!) > 0.3 { break }
        }
        let signal = waitStatus & 0x7F
        let status = signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
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
