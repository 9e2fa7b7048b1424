import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// OpenSSL reads ahead: one recv(2) may take several records off the socket, where no readiness
/// announces them again. What it holds must still reach `onRead`.
@Suite struct TLSReadAheadTests {
    /// Twenty records arrive while the server's loop is busy, so its first read takes them all; it pauses
    /// after the first chunk and resumes with nothing new on the socket: the other nineteen still arrive.
    @Test func recordsTakenAheadArriveAfterAPauseWithNothingNewOnTheSocket() async throws {
        let certificates = try ThrowawayCertificates()
        defer { certificates.remove() }
        let pair = try certificates.issue("server")
        let settings = TLSServerSettings(context: try TLSContext.server(certificateFile: pair.certificate, keyFile: pair.key, http: false))
        let clientContext = try TLSContext.client(caFile: certificates.caFile, http: false)
        let serverLoop = try EventLoop.spawn(name: "test-read-ahead-server")
        let clientLoop = try EventLoop.spawn(name: "test-read-ahead-client")
        defer {
            clientLoop.shutdown()
            serverLoop.shutdown()
        }
        let records = 20, record = testPattern(300)
        let accepted = Latch<LoopBound<TCPConnection>>()
        let everything = Latch<Int>()
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: serverLoop, tls: settings) { connection in
            var received = 0
            connection.onRead = { bytes in
                received += bytes.count
                if received == bytes.count { connection.pauseReading() }  // after the first chunk only
                if received == records * record.count { everything.fulfil(received) }
            }
            accepted.fulfil(LoopBound(connection, on: serverLoop))
        }
        let client = await awaitOnLoop(clientLoop) { (done: @escaping (LoopBound<TCPConnection>?) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000,
                                  on: clientLoop, tls: clientContext) { done((try? $0.get()).map { LoopBound($0, on: clientLoop) }) }
        }
        let connection = try #require(client ?? nil)
        let server = try #require(accepted.wait(milliseconds: 5_000))

        // The server's loop waits while the client sends each record in its own loop turn (one record each).
        let serverBusy = Latch<Void>(), sent = Latch<Void>()
        serverLoop.execute { _ = serverBusy.wait(milliseconds: 10_000) }
        clientLoop.execute {
            var left = records
            func sendNext() {
                guard left > 0 else { return sent.fulfil(()) }
                left -= 1
                connection.value.write(record)
                clientLoop.scheduleOnLoop(afterMilliseconds: 1) { sendNext() }
            }
            sendNext()
        }
        #expect(sent.wait(milliseconds: 10_000) != nil)
        serverBusy.fulfil(())
        // The server has read once and paused; resuming must deliver what OpenSSL took ahead.
        let paused = await awaitOnLoop(serverLoop) { (done: @escaping (Bool) -> Void) in
            serverLoop.scheduleOnLoop(afterMilliseconds: 50) { done(server.value.isReadingPaused) }
        }
        #expect(paused == true)
        serverLoop.execute { server.value.resumeReading() }
        #expect(everything.wait(milliseconds: 5_000) == records * record.count)
        clientLoop.execute { connection.value.close() }
    }
}
