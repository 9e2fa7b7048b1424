import CLinux
import Glibc

/// A user's command started with `posix_spawnp` (argv as given, never through a shell), in a process
/// group of its own so that `kill` reaches what it started too; its standard input is a pipe the
/// caller fills with `feed`, and `wait` blocks until it exits.
///
/// The child is reaped only by `wait`, under the lock `kill` takes, so a kill never reaches a
/// process id the system has handed to someone else.
public final class SpawnedCommand: Sendable {
    /// How a spawned command ended.
    public enum Termination: Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// The process id (also its process group).
    public let pid: pid_t
    /// Whether `wait` has reaped the child.
    private let lock = Mutex(false)
    private let input: FileDescriptor

    /// Starts `arguments[0]` (looked up in `PATH` when it has no `/`) with `arguments` as argv and the
    /// current environment plus `adding`; standard output and error go to `output` (nil: `/dev/null`).
    /// `ownProcessGroup: false` keeps it in the terminal's foreground group, so that it can read keys (a pager).
    public init(_ arguments: [String], output: FileDescriptor? = nil, adding: [String: String] = [:],
                ownProcessGroup: Bool = true) throws(Errno) {
        guard let program = arguments.first, !program.isEmpty else { throw Errno(rawValue: ENOENT) }
        var inPipe: [Int32] = [-1, -1]
        let piped = inPipe.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { CLinux_pipe_cloexec($0) == 0 } ?? false }
        guard piped else { throw Errno(rawValue: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1)
            posix_spawn_file_actions_adddup2(&actions, output.rawValue, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        _ = CLinux_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // `adding` replaces a variable of the same name rather than standing beside it.
        let variables = ProcessEnvironment.current().merging(adding) { _, added in added }
        let environment = variables.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { environment.forEach { free($0) } }
        var child: pid_t = 0
        // A group of its own unless asked (killed as one); signals start at their defaults, none blocked.
        let result = withCleanSpawnAttributes(ownProcessGroup: ownProcessGroup) {
            posix_spawnp(&child, program, &actions, &$0, argv, environment)
        }
        close(inPipe[0])
        guard result == 0 else {
            close(inPipe[1])
            throw Errno(rawValue: result)
        }
        pid = child
        input = FileDescriptor(rawValue: inPipe[1])
    }

    /// Writes `bytes` to the command's standard input, then closes it. A command that exits without
    /// reading gives `EPIPE` here, not `SIGPIPE` (blocked on this thread for the write).
    public func feed(_ bytes: [UInt8]) {
        var pipeOnly = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        let failure: Errno?
        do throws(Errno) { try input.writeAll(bytes); failure = nil } catch { failure = error }
        input.close()
        if failure == Errno(rawValue: EPIPE) {
            // Take the SIGPIPE the write raised while it is still blocked, so it never reaches the process.
            var none = timespec()
            _ = sigtimedwait(&pipeOnly, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Blocks until the command exits, reaps it and says how it ended.
    public func wait() -> Termination {
        var info = siginfo_t()
        // Wait without reaping, so `kill` cannot race a reused process id.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        return lock.withLock { reaped -> Termination in
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            reaped = true
            let signal = raw & 0x7F
            return signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
        }
    }

    /// Kills the command and its process group (`SIGKILL`) unless it has been reaped already.
    public func kill() {
        lock.withLock { reaped in
            guard !reaped else { return }
            _ = Glibc.kill(-pid, SIGKILL)
            _ = Glibc.kill(pid, SIGKILL)
        }
    }
}
