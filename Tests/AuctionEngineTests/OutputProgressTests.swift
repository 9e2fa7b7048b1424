import AuctionEngine
import Testing

@Suite struct OutputProgressTests {
    @Test func outputPendingWithNoByteAcceptedForTheDeadlineIsStalled() {
        var progress = OutputProgress()
        let answer1 = progress.isStalled(pendingBytes: 500, sentBytes: 100, now: 0, deadline: 1_000)
        #expect(!answer1)
        let answer2 = progress.isStalled(pendingBytes: 900, sentBytes: 100, now: 999, deadline: 1_000)
        #expect(!answer2)
        let answer3 = progress.isStalled(pendingBytes: 900, sentBytes: 100, now: 1_000, deadline: 1_000)
        #expect(answer3)
    }

    @Test func anyByteAcceptedRestartsTheWait() {
        var progress = OutputProgress()
        _ = progress.isStalled(pendingBytes: 500, sentBytes: 100, now: 0, deadline: 1_000)
        let answer4 = progress.isStalled(pendingBytes: 500, sentBytes: 101, now: 900, deadline: 1_000)
        #expect(!answer4)
        let answer5 = progress.isStalled(pendingBytes: 500, sentBytes: 101, now: 1_800, deadline: 1_000)
        #expect(!answer5)
        let answer6 = progress.isStalled(pendingBytes: 500, sentBytes: 101, now: 1_900, deadline: 1_000)
        #expect(answer6)
    }

    @Test func aConnectionWithNothingPendingIsNeverStalled() {
        var progress = OutputProgress()
        let answer7 = progress.isStalled(pendingBytes: 0, sentBytes: 0, now: 0, deadline: 1_000)
        #expect(!answer7)
        let answer8 = progress.isStalled(pendingBytes: 0, sentBytes: 0, now: 1_000_000, deadline: 1_000)
        #expect(!answer8)
        #expect(progress.stalledSince == nil)
        // Output appears: the wait starts at the look that first sees it.
        let answer9 = progress.isStalled(pendingBytes: 10, sentBytes: 0, now: 2_000_000, deadline: 1_000)
        #expect(!answer9)
        #expect(progress.stalledSince == 2_000_000)
    }

    @Test func extremeTimesDoNotTrap() {
        var progress = OutputProgress()
        _ = progress.isStalled(pendingBytes: 1, sentBytes: 0, now: .min, deadline: 1_000)
        let answer10 = progress.isStalled(pendingBytes: 1, sentBytes: 0, now: .max, deadline: 1_000)
        #expect(answer10)
    }
}
