import AuctionInfrastructure
import CLinux
import Foundation
import Glibc

/// A child process started with `posix_spawn` and reaped with `waitpid`, its output read through
/// close-on-exec pipes.
///
/// Foundation's `Process` notices a child's exit through a socket it creates without close-on-exec;
/// when tests spawn processes from several threads at once, a long-lived child (a server, a tmux
/// daemon) inherits that socket and `waitUntilExit()` never returns. Nothing here is inherited by
/// other children, and an exit is seen by `waitpid` whatever other processes hold.
// @unchecked Sendable: mutable state is touched only while `lock` is held; the rest is `let`.
public final class SpawnedProcess: @unchecked Sendable {
    /// The process id.
    public let pid: pid_t
    private let lock = NSLock()
    private var collected: [[UInt8]] = [[], []]
    private var status: Int32?
    private let readersDone = DispatchGroup()

    /// Starts `executable` with `arguments` and exactly `environment`; `stdin` is written then closed
    /// (nil: `/dev/null`); with `mergeStandardError` both streams go to `stdout`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                stdin: [UInt8]? = nil, mergeStandardError: Bool = false) throws {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1], inPipe: [Int32] = [-1, -1]
        guard closeOnExecPipe(&outPipe), closeOnExecPipe(&errPipe), closeOnExecPipe(&inPipe) else {
            throw SpawnError.system("pipe2", errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, mergeStandardError ? outPipe[1] : errPipe[1], 2)
        // Descriptors other code left inheritable (Foundation's Process watch sockets) stay out of the child.
        closeFrom(3, in: &actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        // The test process may block or ignore signals (libdispatch does); the child starts clean.
        let result = withCleanSpawnAttributes { posix_spawn(&child, executable, &actions, &$0, argv, envp) }
        for fd in [outPipe[1], errPipe[1], inPipe[0]] { close(fd) }
        guard result == 0 else {
            for fd in [outPipe[0], errPipe[0], inPipe[1]] { close(fd) }
            throw SpawnError.system("posix_spawn \(executable)", result)
        }
        pid = child
        let input = inPipe[1]
        let bytes = stdin ?? []
        Thread.detachNewThread {
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(input, base + offset, buffer.count - offset)
                    if written <= 0 { if written < 0 && errno == EINTR { continue }; break }
                    offset += written
                }
            }
            close(input)
        }
        for (index, fd) in [outPipe[0], errPipe[0]].enumerated() {
            readersDone.enter()
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(fd, &buffer, buffer.count)
                    if count > 0 {
                        lock.withLock { collected[index].append(contentsOf: buffer[0..<count]) }
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                close(fd)
                readersDone.leave()
            }
        }
    }

    /// Standard output so far (with standard error when merged).
    public var stdout: String { lock.withLock { String(decoding: collected[0], as: UTF8.self) } }
    /// Standard error so far.
    public var stderr: String { lock.withLock { String(decoding: collected[1], as: UTF8.self) } }

    /// Whether the process has not exited yet.
    public var isRunning: Bool { poll() == nil }

    /// Sends a signal.
    public func signal(_ number: Int32) {
        if isRunning { _ = Glibc.kill(pid, number) }
    }

    /// Waits up to `timeout` seconds for the exit; the status (128 + signal when killed), or nil if still running.
    public func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = poll() { return status }
            if Date() > deadline { return nil }
            usleep(5_000)
        }
    }

    /// Waits for the exit and for the output pipes to close (a grandchild holding them stops this
    /// after `drainTimeout` seconds); the status.
    public func finish(drainTimeout: TimeInterval = 5) -> Int32 {
        let status = waitForExit(timeout: .infinity) ?? -1
        _ = readersDone.wait(timeout: .now() + drainTimeout)
        return status
    }

    /// Kills the process (SIGKILL) if it still runs and reaps it.
    public func kill() {
        guard isRunning else { return }
        _ = Glibc.kill(pid, SIGKILL)
        _ = waitForExit(timeout: .infinity)
    }

    private func poll() -> Int32? {
        lock.withLock {
            if let status { return status }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            guard result == pid else { return result < 0 && errno == ECHILD ? -1 : nil }
            let signal = raw & 0x7F
            status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
            return status
        }
    }
}

/// `pipe2(fds, O_CLOEXEC)` (through `CLinux`: Swift's Glibc does not import the `_GNU_SOURCE` call).
private func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
    fds.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { CLinux_pipe_cloexec($0) == 0 } ?? false }
}

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34) through `CLinux`; a no-op where missing.
private func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
    _ = CLinux_spawn_close_from(&actions, lowest)
}

/// Why a process could not be started.
public enum SpawnError: Error, Equatable {
    /// A system call failed with this errno.
    case system(String, Int32)
}
