import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite(.timeLimit(.minutes(1))) struct SocketClientTests {
    static func client(port: Int, reconnects: Bool = true, timeout: Int64 = 10_000,
                       clock: any TimeSource = SystemClock()) throws -> SocketClient {
        try SocketClient(configuration: SocketClientConfiguration(
            host: "127.0.0.1", port: port, connectTimeoutMilliseconds: 2_000, requestTimeoutMilliseconds: timeout,
            backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 200), reconnects: reconnects), clock: clock)
    }

    static func request(_ n: Int, type: Int = 10) -> Frame {
        Frame(dataType: type, data: ["n": .int(Int64(n))])
    }

    @Test func aRequestGetsItsReply() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.start()
        let reply = try await client.send(Self.request(42))
        #expect(reply.dataType == 1)
        #expect(reply.data["echo"]?["n"] == .int(42))
        #expect(server.frames.first?.frame.completionID == reply.completionID)
    }

    @Test func thousandConcurrentRequestsFromSeveralThreadsCorrelate() async throws {
        // The server holds every request until all 1,000 are in, then answers them in reverse order.
        let held = Mutex<[Frame]>([])
        let server = try LoopbackFrameServer { frame in
            let batch = held.withLock { held -> [Frame] in
                held.append(LoopbackFrameServer.echoReply(to: frame))
                guard held.count == 1_000 else { return [] }
                defer { held.removeAll() }
                return held.reversed()
            }
            return batch.isEmpty ? .ignore : .send(batch)
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.start()
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    await withTaskGroup(of: Bool.self) { inner in
                        for index in 0..<125 {
                            let n = worker * 1_000 + index
                            inner.addTask {
                                let result = await client.result(of: Self.request(n))
                                guard case .success(let reply) = result else {
                                    Issue.record("request \(n) failed: \(result)")
                                    return false
                                }
                                return reply.data["echo"]?["n"] == .int(Int64(n))
                            }
                        }
                        var bad = 0
                        for await ok in inner where !ok { bad += 1 }
                        return bad
                    }
                }
            }
            var total = 0
            for await bad in group { total += bad }
            return total
        }
        #expect(mismatches == 0)
        let frames = server.frames
        let ids = Set(frames.compactMap(\.frame.completionID))
        #expect(ids.count == 1_000)
        #expect(frames.count == 1_000, "connections: \(Set(frames.map(\.connection)))")
    }

    @Test func completionHandlersFromManyThreadsEachRunOnce() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.start()
        let calls = Mutex([Int](repeating: 0, count: 400))
        let finished: Int = await withCheckedContinuation { continuation in
            let remaining = Mutex(400)
            for n in 0..<400 {
                Task.detached {
                    client.send(Self.request(n)) { result in
                        if case .success(let reply) = result, reply.data["echo"]?["n"] == .int(Int64(n)) {
                            calls.withLock { $0[n] += 1 }
                        }
                        if remaining.withLock({ $0 -= 1; return $0 }) == 0 { continuation.resume(returning: 400) }
                    }
                }
            }
        }
        #expect(finished == 400)
        #expect(calls.withLock { $0.allSatisfy { $0 == 1 } })
    }

    @Test func unansweredRequestTimesOutOnceAndALateReplyIsDropped() async throws {
        let server = try LoopbackFrameServer { frame in frame.data["n"] == .int(1) ? .ignore : .echo }
        defer { server.shutdown() }
        // The client's loop runs on a manual clock: once the request reached the server, the test moves
        // the clock past the request's timeout (no real time passes).
        let clock = ManualClock()
        let client = try Self.client(port: server.port, clock: clock)
        defer { client.close() }
        client.start()
        _ = try await client.send(Self.request(0))
        let outcomes = Mutex<[Result<Frame, SocketClientError>]>([])
        client.send(Self.request(1), timeoutMilliseconds: 50) { result in outcomes.withLock { $0.append(result) } }
        for _ in 0..<1_000 where server.frames.last?.frame.data["n"] != .int(1) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(outcomes.withLock { $0.isEmpty }, "no answer yet, and the clock stands still")
        clock.advance(milliseconds: 50)
        for _ in 0..<1_000 where outcomes.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        let first = outcomes.withLock { $0.first }
        #expect(first == .failure(.timedOut))
        // The late reply for the timed-out id arrives, then a normal round trip proves it was read and dropped.
        let lateID = try #require(server.frames.last?.frame)
        await server.withConnection(0) { connection in
            connection.write(FrameEncoder.encode(LoopbackFrameServer.echoReply(to: lateID)))
        }
        _ = try await client.send(Self.request(2))
        #expect(outcomes.withLock { $0.count } == 1)
    }

    @Test func serverClosingMidRequestFailsEveryPendingRequestWithDisconnected() async throws {
        let server = try LoopbackFrameServer { frame in frame.data["n"] == .int(99) ? .close : .ignore }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port, reconnects: false)
        defer { client.close() }
        client.start()
        let results = await withTaskGroup(of: Result<Frame, SocketClientError>.self) { group in
            for n in 0..<5 {
                group.addTask {
                    await client.result(of: Self.request(n))
                }
            }
            // Once the five are on the server, the sixth makes it hang up.
            group.addTask {
                while server.frames.count < 5 { await Task.yield() }
                return await client.result(of: Self.request(99))
            }
            var all: [Result<Frame, SocketClientError>] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == Result<Frame, SocketClientError>.failure(.disconnected) })
    }

    @Test func restartedServerIsReconnectedAndTheSessionReplayedBeforeNewRequests() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        let states = Mutex<[SocketClientState]>([])
        client.onStateChange { state in states.withLock { $0.append(state) } }
        client.setReplay {
            [Frame(dataType: 3, data: ["token": "secret"]), Frame(dataType: 1, data: ["stateNumber": 2])]
        }
        client.start()
        _ = try await client.send(Self.request(1))
        await server.stop()
        while !states.withLock({ $0.contains { if case .reconnecting = $0 { true } else { false } } }) { await Task.yield() }

        // Sent while the server is down: it must wait for the reconnect and the replay.
        async let queued = client.send(Self.request(2))
        try await server.restart()
        let reply = try await queued
        #expect(reply.data["echo"]?["n"] == .int(2))

        let second = server.frames.filter { $0.connection > 0 }.map(\.frame)
        #expect(second.map(\.dataType).prefix(3) == [3, 1, 10])
        #expect(second.first?.data["token"] == "secret")
        let first = server.frames.filter { $0.connection == 0 }.map(\.frame.dataType)
        #expect(first == [3, 1, 10])
        #expect(states.withLock { $0.last } == .connected)
    }

    @Test func aReplayedLoginRefusedForNowIsReplayedOnTheNextConnectionBeforeRequests() async throws {
        let logins = Mutex(0)
        let server = try LoopbackFrameServer { frame in
            guard frame.dataType == 3 else { return .send([LoopbackFrameServer.echoReply(to: frame)]) }
            let first = logins.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            // The first login is refused as a busy server would; the next is accepted.
            return .send([Frame(dataType: 1, data: ["completionId": .int(frame.completionID ?? -1), "result": .bool(!first),
                                                    "reason": first ? "rate_limited" : .null])])
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.setReplay({ [Frame(dataType: 3, data: ["token": "secret"])] },
                         retryingWhen: { $0.data["result"] == .bool(false) })
        client.start()
        let reply = try await client.send(Self.request(1))
        #expect(reply.data["echo"]?["n"] == .int(1))
        #expect(logins.withLock { $0 } == 2)
        // The request went only on the connection whose login was accepted, after it.
        let second = server.frames.filter { $0.connection == 1 }.map(\.frame.dataType)
        #expect(second == [3, 10])
        #expect(server.frames.filter { $0.connection == 0 }.map(\.frame.dataType) == [3])
    }

    @Test func pushesGoToThePushHandler() async throws {
        let push = Frame(dataType: 2, data: ["product_id": 5, "product_price": 35000])
        let server = try LoopbackFrameServer { frame in
            .send([push, LoopbackFrameServer.echoReply(to: frame)])
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        let pushes = Mutex<[Frame]>([])
        client.onPush { frame in pushes.withLock { $0.append(frame) } }
        client.start()
        _ = try await client.send(Self.request(1))
        #expect(pushes.withLock { $0 } == [push])
    }

    @Test func unreachableServerFailsUnsentRequestsAsUnreachable() async throws {
        let (fd, port) = LoopbackPort.refusing()
        defer { close(fd) }
        let client = try Self.client(port: port, reconnects: true, timeout: 300)
        defer { client.close() }
        client.start()
        await #expect(throws: SocketClientError.self) { try await client.send(Self.request(1)) }
        do {
            _ = try await client.send(Self.request(2))
            Issue.record("a request to a closed port must fail")
        } catch {
            guard case .unreachable(.connectionRefused) = error else {
                Issue.record("expected unreachable(connectionRefused), got \(error)")
                return
            }
        }
    }

    @Test func oversizedFrameFromTheServerDropsTheConnectionAndTheClientReconnects() async throws {
        let huge = Frame(dataType: 2, data: ["pad": .string(String(repeating: "x", count: 4_096))])
        let server = try LoopbackFrameServer { frame in frame.data["n"] == .int(7) ? .send([huge]) : .echo }
        defer { server.shutdown() }
        var configuration = SocketClientConfiguration(
            host: "127.0.0.1", port: server.port, backoff: ReconnectBackoff(initialMilliseconds: 10, maximumMilliseconds: 50))
        configuration.decoder = FrameDecoder.Configuration(maximumFrameBytes: 1_024)
        let client = try SocketClient(configuration: configuration)
        defer { client.close() }
        let pushes = Mutex(0)
        client.onPush { _ in pushes.withLock { $0 += 1 } }
        client.start()
        #expect(await client.result(of: Self.request(7)) == .failure(.disconnected))
        let reply = try await client.send(Self.request(8))
        #expect(reply.data["echo"]?["n"] == .int(8))
        #expect(Set(server.frames.map(\.connection)) == [0, 1])
        #expect(pushes.withLock { $0 } == 0)
    }

    @Test func clientsClosedOneAfterAnotherLeaveLaterConnectionsIntact() async throws {
        // Regression: a second EventLoop.shutdown() (close, then deinit) wrote 8 bytes into a socket that reused
        // the loop's closed wake descriptor, corrupting the first frame another connection received.
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        for round in 0..<100 {
            let client = try Self.client(port: server.port)
            client.start()
            let result = await client.result(of: Self.request(round))
            guard case .success(let reply) = result, reply.data["echo"]?["n"] == .int(Int64(round)) else {
                Issue.record("round \(round): \(result)")
                return
            }
            client.close()
        }
    }

    @Test func requestsAfterCloseFailAsClosed() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        client.start()
        _ = try await client.send(Self.request(1))
        client.close()
        await #expect(throws: SocketClientError.closed) { try await client.send(Self.request(2)) }
        #expect(client.state == .closed)
    }
}

extension SocketClient {
    /// The request's outcome as a value, through the completion-handler API.
    func result(of frame: Frame) async -> Result<Frame, SocketClientError> {
        await withCheckedContinuation { continuation in
            send(frame) { continuation.resume(returning: $0) }
        }
    }
}
