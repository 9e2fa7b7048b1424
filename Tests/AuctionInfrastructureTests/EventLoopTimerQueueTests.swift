@testable import AuctionInfrastructure
import Testing

@Suite struct EventLoopTimerQueueTests {
    @Test func popsDueTimersByDeadlineThenInsertionOrder() {
        var queue = TimerQueue()
        var fired: [String] = []
        queue.insert(id: 1, deadline: 30) { fired.append("c") }
        queue.insert(id: 2, deadline: 10) { fired.append("a") }
        queue.insert(id: 3, deadline: 30) { fired.append("d") }
        queue.insert(id: 4, deadline: 20) { fired.append("b") }
        queue.insert(id: 5, deadline: 99) { fired.append("late") }
        #expect(queue.nextDeadline() == 10)
        while let (_, work) = queue.popDue(now: 50, idLimit: 100) { work() }
        #expect(fired == ["a", "b", "c", "d"])
        #expect(queue.nextDeadline() == 99)
        #expect(queue.count == 1)
    }

    @Test func cancelledTimersAreSkipped() {
        var queue = TimerQueue()
        var fired: [UInt64] = []
        for id in UInt64(1)...200 { queue.insert(id: id, deadline: Int64(id)) { fired.append(id) } }
        var cancelled = 0
        for id in UInt64(1)...200 where id % 3 != 0 && queue.cancel(id: id) { cancelled += 1 }
        #expect(cancelled == 134)
        let cancelledTwice = queue.cancel(id: 1)
        #expect(!cancelledTwice)
        while let (_, work) = queue.popDue(now: 1_000, idLimit: 1_000) { work() }
        #expect(fired == Array(stride(from: 3, through: 200, by: 3)))
        #expect(queue.nextDeadline() == nil)
    }

    @Test func timersAddedWhileFiringWaitForTheNextPass() {
        var queue = TimerQueue()
        queue.insert(id: 1, deadline: 0) {}
        queue.insert(id: 2, deadline: 0) {}
        let first = queue.popDue(now: 0, idLimit: 2)
        let blocked = queue.popDue(now: 0, idLimit: 2)
        let second = queue.popDue(now: 0, idLimit: 3)
        #expect(first != nil)
        #expect(blocked == nil)
        #expect(second != nil)
    }
}
