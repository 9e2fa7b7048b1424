@testable import AuctionServer
import AuctionEngine
import AuctionInfrastructure
import Testing

/// A moderation action that stops waiting for the loop never leaves a lot held: a late `.applied`
/// answer releases its hold at once; an answer in time is taken; a late refusal holds nothing.
@Suite struct HeldCheckTests {
    @Test func anAnswerInTimeIsTakenAndReleasesNothing() {
        let released = Mutex(0)
        let check = HeldCheck(release: { released.withLock { $0 += 1 } })
        check.answer(.applied)
        #expect(check.wait(milliseconds: 0) == .applied)
        #expect(released.withLock { $0 } == 0)
    }

    @Test func aLateAppliedAnswerReleasesItsHoldAtOnce() {
        let released = Mutex(0)
        let check = HeldCheck(release: { released.withLock { $0 += 1 } })
        #expect(check.wait(milliseconds: 0) == nil)
        check.answer(.applied)
        #expect(released.withLock { $0 } == 1)
    }

    @Test func aLateRefusalHoldsNothingToRelease() {
        let released = Mutex(0)
        let check = HeldCheck(release: { released.withLock { $0 += 1 } })
        #expect(check.wait(milliseconds: 0) == nil)
        check.answer(.closed)
        #expect(released.withLock { $0 } == 0)
    }
}
