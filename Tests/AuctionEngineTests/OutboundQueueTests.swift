import AuctionCore
import AuctionEngine
import Testing

@Suite struct OutboundQueueTests {
    private func frame(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func lagging() -> OutboundQueue {
        OutboundQueue(configuration: .init(softLimit: 1_000, hardLimit: 10_000))
    }

    /// Drains the queue as a socket that takes everything would.
    private func drain(_ queue: inout OutboundQueue) -> [String] {
        var written: [String] = []
        while let bytes = queue.nextWrite(buffered: 0) { written.append(String(decoding: bytes, as: UTF8.self)) }
        return written
    }

    @Test func writesAtOnceWhileTheSocketKeepsUp() {
        var queue = lagging()
        #expect(queue.enqueue(.price(1, frame("p1")), buffered: 0) == .write(frame("p1")))
        #expect(queue.enqueue(.reply(frame("r1")), buffered: 999) == .write(frame("r1")))
        #expect(queue.isEmpty)
    }

    @Test func laggingClientGetsLatestPricePerProductInFirstAppearanceOrder() {
        var queue = lagging()
        #expect(queue.enqueue(.price(1, frame("p1=100")), buffered: 1_000) == .queued)
        #expect(queue.enqueue(.price(2, frame("p2=100")), buffered: 1_000) == .queued)
        #expect(queue.enqueue(.price(1, frame("p1=200")), buffered: 1_000) == .coalesced)
        #expect(queue.enqueue(.price(3, frame("p3=100")), buffered: 1_000) == .queued)
        #expect(queue.enqueue(.price(1, frame("p1=300")), buffered: 1_000) == .coalesced)
        #expect(queue.queuedCount == 3)
        #expect(queue.queuedBytes == 18)

        // The socket is still full: nothing leaves.
        #expect(queue.nextWrite(buffered: 1_000) == nil)
        #expect(drain(&queue) == ["p1=300", "p2=100", "p3=100"])
        #expect(queue.queuedBytes == 0)
    }

    @Test func repliesAndChatAreNeverDroppedNorReordered() {
        var queue = lagging()
        _ = queue.enqueue(.reply(frame("r1")), buffered: 5_000)
        _ = queue.enqueue(.price(7, frame("p7=1")), buffered: 5_000)
        _ = queue.enqueue(.chat(frame("c1")), buffered: 5_000)
        _ = queue.enqueue(.reply(frame("r2")), buffered: 5_000)
        _ = queue.enqueue(.price(7, frame("p7=2")), buffered: 5_000)
        _ = queue.enqueue(.other(frame("closed7")), buffered: 5_000)
        _ = queue.enqueue(.reply(frame("r3")), buffered: 5_000)
        #expect(drain(&queue) == ["r1", "p7=2", "c1", "r2", "closed7", "r3"])
    }

    @Test func onceQueuedEverythingQueuesUntilDrainedToKeepOrder() {
        var queue = lagging()
        _ = queue.enqueue(.reply(frame("r1")), buffered: 2_000)
        // The socket drained, but r1 still waits: r2 must not overtake it.
        #expect(queue.enqueue(.reply(frame("r2")), buffered: 0) == .queued)
        #expect(queue.nextWrite(buffered: 0) == frame("r1"))
        // A push for the product that just left is queued anew, not merged into a sent frame.
        #expect(queue.enqueue(.price(1, frame("p1")), buffered: 0) == .queued)
        #expect(drain(&queue) == ["r2", "p1"])
        #expect(queue.enqueue(.reply(frame("r3")), buffered: 0) == .write(frame("r3")))
    }

    @Test func drainingStopsAtTheSoftBound() {
        var queue = lagging()
        for index in 0..<3 { _ = queue.enqueue(.reply(frame("r\(index)")), buffered: 2_000) }
        #expect(queue.nextWrite(buffered: 999) == frame("r0"))
        #expect(queue.nextWrite(buffered: 1_000) == nil)
        #expect(queue.queuedCount == 2)
    }

    @Test func passingTheHardBoundDisconnectsWithAReasonAndDiscardsAfter() {
        var queue = lagging()
        let big = [UInt8](repeating: 0x61, count: 3_000)
        #expect(queue.enqueue(.reply(big), buffered: 5_000) == .queued)
        let action = queue.enqueue(.chat(big), buffered: 5_000)
        #expect(action == .disconnect(OutboundOverflow(bufferedBytes: 5_000, queuedBytes: 6_000, hardLimit: 10_000)))
        if case .disconnect(let reason) = action {
            #expect(reason.description.contains("not reading"))
        }
        #expect(queue.isDisconnected)
        #expect(queue.queuedBytes == 0)
        #expect(queue.enqueue(.reply(frame("late")), buffered: 0) == .discard)
        #expect(queue.nextWrite(buffered: 0) == nil)
    }

    @Test func coalescedPushesKeepALaggingClientUnderTheHardBound() {
        var queue = lagging()
        // 10,000 pushes over 20 products from a client that never reads: at most 20 wait.
        for index in 0..<10_000 {
            let action = queue.enqueue(.price(ProductID(index % 20), frame("price \(index)")), buffered: 1_500)
            #expect(action == .queued || action == .coalesced)
        }
        #expect(queue.queuedCount == 20)
        let written = drain(&queue)
        #expect(written.first == "price 9980")
        #expect(written.last == "price 9999")
    }

    @Test func longBacklogIsCompactedWithoutLosingPlaceOfPushes() {
        var queue = OutboundQueue(configuration: .init(softLimit: 1_000, hardLimit: 1_000_000))
        for index in 0..<3_000 { _ = queue.enqueue(.reply(frame("r\(index)")), buffered: 1_000) }
        _ = queue.enqueue(.price(1, frame("p1=a")), buffered: 1_000)
        for _ in 0..<2_500 { _ = queue.nextWrite(buffered: 0) }
        #expect(queue.enqueue(.price(1, frame("p1=b")), buffered: 1_000) == .coalesced)
        let rest = drain(&queue)
        #expect(rest.count == 501)
        #expect(rest.last == "p1=b")
    }
}
