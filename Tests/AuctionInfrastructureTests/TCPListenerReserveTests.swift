import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Near the open-file limit a listener answers and closes the clients it cannot keep, and says so.
@Suite struct TCPListenerReserveTests {
    @Test func clientPastTheDescriptorReserveGetsTheRefusalAndIsClosed() async throws {
        let loop = try EventLoop.spawn(name: "test-reserve")
        defer { loop.shutdown() }
        // Given a reserve so large that any descriptor number is inside it (the runner's limit is untouched).
        let limit = ProcessLimits.openFileLimit()
        let reports = Mutex<[AcceptRefusals]>([])
        let accepted = Mutex(0)
        let reserve = DescriptorReserve(count: limit - 1, refusal: Array("full/".utf8), reportIntervalMilliseconds: 3_600_000,
                                        onRefusals: { report in reports.withLock { $0.append(report) } })
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop, reserve: reserve) { connection in
            accepted.withLock { $0 += 1 }
            connection.abort()
        }
        defer { listener.close() }

        // When three clients connect.
        var answers: [String] = []
        for _ in 0..<3 {
            let client = blockingClient(port: listener.address.port)
            try #require(client >= 0)
            answers.append(String(decoding: await readUntilEOF(client), as: UTF8.self))
            close(client)
        }

        // Then each is told and closed, none reaches the owner, and the first refusal is reported
        // at once while the next two wait for the report interval (an hour).
        #expect(answers == ["full/", "full/", "full/"])
        #expect(accepted.withLock { $0 } == 0)
        #expect(await waitUntil(on: loop) { reports.withLock { !$0.isEmpty } })
        let first = reports.withLock { $0 }
        #expect(first.count == 1)
        #expect(first.first?.count == 1)
        #expect(first.first?.error == nil)
        #expect(first.first?.description.contains("reserve of \(limit - 1) file descriptors") == true)
    }

    @Test func sendBufferCapIsAppliedToTheSocket() async throws {
        let loop = try EventLoop.spawn(name: "test-sndbuf")
        defer { loop.shutdown() }
        let sizes = Mutex<(capped: Int?, after: Int?)>((nil, nil))
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            let capped = connection.limitSendBuffer(to: 40_000)
            sizes.withLock { $0 = (capped, connection.sendBufferSize) }
            connection.close()
        }
        defer { listener.close() }
        let client = blockingClient(port: listener.address.port)
        try #require(client >= 0)
        _ = await readUntilEOF(client)
        close(client)
        let seen = sizes.withLock { $0 }
        // Linux doubles the value asked for (its bookkeeping) and stops growing it on demand.
        #expect(seen.capped == 80_000)
        #expect(seen.after == 80_000)
    }
}

@Suite struct ReportThrottleTests {
    @Test func reportsTheFirstAtOnceThenAtMostOncePerIntervalWithTheCount() {
        var throttle = ReportThrottle(intervalMilliseconds: 1_000)
        let answer1 = throttle.note(now: 5_000)
        #expect(answer1 == 1)
        let answer2 = throttle.note(now: 5_001)
        #expect(answer2 == nil)
        let answer3 = throttle.note(now: 5_999)
        #expect(answer3 == nil)
        let answer4 = throttle.note(now: 6_000)
        #expect(answer4 == 3)
        let answer5 = throttle.note(now: 60_000)
        #expect(answer5 == 1)
    }

    @Test func aClockThatJumpsDoesNotSilenceItForever() {
        var throttle = ReportThrottle(intervalMilliseconds: 1_000)
        let answer6 = throttle.note(now: .max)
        #expect(answer6 == 1)
        #expect(throttle.note(now: .min) == 1)  // backwards: report rather than stay quiet
    }
}
