import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// A head screen that answers later (a token read on a worker): the connection waits for it, reading
/// nothing, while other connections are served; its answer then refuses the request or reads the body.
@Suite struct HTTPHeadScreenTests {
    /// The screens asked so far, each with the callback that answers it.
    final class Pending: Sendable {
        let answers = Mutex<[@Sendable (HTTPResponse?) -> Void]>([])

        /// Waits (up to 10 s) until `count` screens are pending.
        func wait(for count: Int) async -> Bool {
            for _ in 0..<1_000 {
                if answers.withLock({ $0.count }) >= count { return true }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return false
        }

        /// Answers the oldest pending screen.
        func answer(_ refusal: HTTPResponse?) {
            let first = answers.withLock { $0.removeFirst() }
            first(refusal)
        }
    }

    private func server(_ pending: Pending) throws -> HTTPTestServer {
        var configuration = HTTPServer.Configuration()
        configuration.screen = { head, _ in
            guard head.target == "/upload" else { return .read }
            return .later { answer in pending.answers.withLock { $0.append(answer) } }
        }
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        router.on(.post, "/upload") { request in HTTPResponse(status: .ok, contentType: "application/octet-stream", body: request.body) }
        return try HTTPTestServer(configuration, router: router)
    }

    /// Sends an upload of `hello` on a new connection and waits until its screen is pending.
    private func upload(to server: HTTPTestServer, _ pending: Pending) async throws -> RawHTTPSocket {
        let uploader = try RawHTTPSocket(port: server.port)
        uploader.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(await pending.wait(for: 1))
        return uploader
    }

    @Test func aScreenThatAnswersLaterHoldsOnlyItsOwnConnection() async throws {
        let pending = Pending()
        let server = try server(pending)
        defer { server.stop() }
        let uploader = try await upload(to: server, pending)
        // Another client is served while the screen has not answered.
        let health = try await server.client().get("/health")
        #expect(health.text == "ok")
        pending.answer(nil)
        let response = await uploader.readResponse()
        #expect(response?.status == .ok)
        #expect(response?.text == "hello")
    }

    @Test func aLaterRefusalIsTheAnswerAndTheBodyIsNeverHandled() async throws {
        let pending = Pending()
        let server = try server(pending)
        defer { server.stop() }
        let uploader = try await upload(to: server, pending)
        pending.answer(.text(.unauthorized, "no"))
        let response = await uploader.readResponse()
        #expect(response?.status == .unauthorized)
        #expect(response?.headers["Connection"] == "close")
    }

    @Test func pipelinedRequestsAfterAScreenedOneWaitForItsAnswerInOrder() async throws {
        let pending = Pending()
        let server = try server(pending)
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nab"
            + "GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(await pending.wait(for: 1))
        pending.answer(nil)
        #expect(responses(in: await socket.readToEnd()).map(\.text) == ["ab", "ok"])
    }

    @Test func aConnectionThatClosedWhileScreenedEndsOnceTheScreenAnswers() async throws {
        let pending = Pending()
        let server = try server(pending)
        defer { server.stop() }
        do {
            _ = try await upload(to: server, pending)
        }  // closed here; the server reads nothing until the screen answers (bounded by its lookup's deadline)
        pending.answer(nil)
        #expect(await server.waitUntilIdle())
        #expect(try await server.client().get("/health").text == "ok")
    }
}
