@testable import AuctionCLI
import Glibc
import Testing

/// Raw mode, window size, hidden password input and SIGWINCH against a real pseudo-terminal.
/// Serialized: raw mode and the resize pipe are process-wide by nature (termios, signal handlers).
@Suite(.serialized) struct TerminalDeviceTests {
    @Test func rawModeTurnsOffEchoAndLinesAndRestoresWithTheLeaveSequence() throws {
        let pty = try #require(PseudoTerminal())
        let before = pty.localFlags
        #expect(before & tcflag_t(ECHO) != 0 && before & tcflag_t(ICANON) != 0)
        let raw = try RawTerminal(fileDescriptor: pty.follower, outputDescriptor: pty.follower, leaveSequence: ANSI.showCursor)
        #expect(pty.localFlags & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(throws: RawTerminal.Failure.alreadyActive) {
            try RawTerminal(fileDescriptor: pty.follower, outputDescriptor: pty.follower)
        }
        raw.restore()
        raw.restore() // twice is harmless
        #expect(pty.localFlags == before)
        #expect(String(decoding: pty.drainLeader(), as: UTF8.self).contains(ANSI.showCursor))
    }

    @Test func readsTheWindowSizeAndHearsResizes() throws {
        let pty = try #require(PseudoTerminal())
        var size = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.leader, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize.current(fileDescriptor: pty.follower) == TerminalSize(rows: 33, columns: 101))

        let notifier = try #require(ResizeNotifier())
        #expect(!notifier.drain())
        kill(getpid(), SIGWINCH) // to the process: whichever thread does not block it runs the handler
        var descriptor = pollfd(fd: notifier.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 1_000) == 1)
        #expect(notifier.drain())
        #expect(!notifier.drain())
    }
}
