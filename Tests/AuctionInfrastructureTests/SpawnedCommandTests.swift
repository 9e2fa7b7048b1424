import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `SpawnedCommand`: argv without a shell, input on stdin, exit status and signals, a kill that
/// reaches the process group, and a command that does not read its input.
@Suite struct SpawnedCommandTests {
    @Test func runsArgvAsGivenWithInputOnStdinAndReportsTheExitStatus() throws {
        let directory = try TemporaryDirectory(prefix: "auction-spawn")
        defer { directory.remove() }
        let file = directory.file("in")
        // `$(id)` and `;` are plain text here: nothing goes through a shell but this test's own script.
        let command = try SpawnedCommand(["/bin/sh", "-c", #"cat > "$0"; printf '%s' "$1" >> "$0"; exit 7"#, file, "$(id);"])
        command.feed(Array("{\"kind\":\"outbid\"}\n".utf8))
        #expect(command.wait() == .exited(7))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"kind\":\"outbid\"}\n$(id);")
    }

    @Test func aProgramIsLookedUpInPathAndAMissingOneIsAnError() throws {
        let command = try SpawnedCommand(["true"])
        command.feed([])
        #expect(command.wait() == .exited(0))
        #expect(throws: Errno(rawValue: ENOENT)) { _ = try SpawnedCommand(["/nonexistent/auction-command"]) }
        #expect(throws: Errno(rawValue: ENOENT)) { _ = try SpawnedCommand([]) }
    }

    @Test func aCommandThatDoesNotReadItsInputIsNoSIGPIPEForUs() throws {
        let command = try SpawnedCommand(["true"])
        #expect(command.wait() == .exited(0))
        command.feed([UInt8](repeating: 0x61, count: 1 << 20))  // the reader is gone: EPIPE, and this process lives on
    }

    @Test func killEndsTheCommandAndWhatItStarted() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-spawn")
        defer { directory.remove() }
        let pidFile = directory.file("pid")
        // The shell starts a grandchild and waits for it: killing only the shell would leave the sleep.
        let command = try SpawnedCommand(["/bin/sh", "-c", #"sleep 600 & echo $! > "$0"; wait"#, pidFile])
        command.feed([])
        let grandchild = { (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        #expect(await eventually { grandchild() != nil })
        command.kill()
        #expect(command.wait() == .signalled(SIGKILL))
        command.kill()  // after the reap: nothing, never a reused pid
        #expect(await eventually { grandchild().map { kill($0, 0) != 0 || Self.isZombie($0) } ?? false }, "the grandchild got the kill too")
    }

    /// Whether the process is a zombie (dead, waiting for its parent, here `init`, to reap it).
    static func isZombie(_ pid: pid_t) -> Bool {
        ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
    }
}
