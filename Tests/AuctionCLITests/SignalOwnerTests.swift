import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@testable import AuctionCLI

/// `SignalOwner`: one handler for SIGINT/SIGTERM/SIGHUP/SIGQUIT, never replaced by `SignalInput`.
@Suite(.serialized) struct SignalOwnerTests {
    /// The handler currently installed for `number`.
    private func disposition(of number: Int32) -> sighandler_t? {
        var current = sigaction()
        sigaction(number, nil, &current)
        return current.__sigaction_handler.sa_handler
    }

    private func isDefaultOrIgnored(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return true }
        let raw = unsafeBitCast(handler, to: Int.self)
        return raw == 0 || raw == 1  // SIG_DFL, SIG_IGN
    }

    @Test func stoppingASignalInputKeepsTheRestoringHandlerInstalled() {
        let input = SignalInput([SIGTERM, SIGHUP]) { _ in }
        #expect(SignalOwner.isCaught(SIGTERM))
        #expect(!isDefaultOrIgnored(disposition(of: SIGTERM)))
        input.stop()
        // Before the owner, `stop()` set SIG_DFL here: a SIGTERM during chat's shutdown then
        // killed the process before the raw terminal was restored.
        #expect(!SignalOwner.isCaught(SIGTERM))
        #expect(!isDefaultOrIgnored(disposition(of: SIGTERM)))
        #expect(!isDefaultOrIgnored(disposition(of: SIGHUP)))
    }

    @Test func aCaughtSignalReachesEveryCatcherOnTheSignalsThread() async {
        let first = Latch<Int32>(), second = Latch<Int32>()
        let one = SignalInput([SIGHUP]) { first.fulfil($0) }
        let two = SignalInput([SIGHUP, SIGTERM]) { second.fulfil($0) }
        kill(getpid(), SIGHUP)  // process-directed: pool threads block signals, so raise() from one would stay pending
        let got = await offPool { (first.wait(milliseconds: 30_000), second.wait(milliseconds: 30_000)) }
        one.stop()
        two.stop()
        #expect(got.0 == SIGHUP)
        #expect(got.1 == SIGHUP)
    }
}
