import AuctionInfrastructure
import Testing

@Suite struct HTTPRouterTests {
    /// Routes a request and returns the response given synchronously.
    private func answer(_ router: HTTPRouter, _ method: HTTPMethod, _ target: String) -> HTTPResponse? {
        let box = ResponseBox()
        router.handle(HTTPRequest(method: method, target: target), HTTPResponder { box.value = $0 })
        return box.value
    }

    private func router() -> HTTPRouter {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        router.on(.post, "/products/alllist") { request in .text(.ok, "page \(request.body.count)") }
        router.on(.put, "/products/alllist") { _ in .text(.ok, "put") }
        return router
    }

    @Test func routesByMethodAndPathIgnoringTheQuery() {
        #expect(answer(router(), .get, "/health?verbose=1")?.body == Array("ok".utf8))
        #expect(answer(router(), .put, "/products/alllist")?.body == Array("put".utf8))
    }

    @Test func answers404ForAnUnknownPath() {
        #expect(answer(router(), .get, "/nothing")?.status == .notFound)
    }

    @Test func answers405WithAllowForAnotherMethod() {
        let response = answer(router(), .get, "/products/alllist")
        #expect(response?.status == .methodNotAllowed)
        #expect(response?.headers["Allow"] == "POST, PUT")
        #expect(answer(router(), .post, "/health")?.headers["Allow"] == "GET, HEAD")
    }

    @Test func servesHeadThroughGet() {
        #expect(answer(router(), .head, "/health")?.status == .ok)
    }

    @Test func registeringAPathTwiceIsAnError() async {
        // Given a route, when the same method and path is added again, then the program stops
        // (it used to replace the first one silently: `/health` was registered twice).
        await #expect(processExitsWith: .failure) {
            var router = HTTPRouter()
            router.on(.get, "/health") { _ in .text(.ok, "first") }
            router.on(.get, "/health") { _ in .text(.ok, "second") }
        }
    }

    @Test func anotherMethodOnTheSamePathIsNotADuplicate() {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "get") }
        router.on(.post, "/health") { _ in .text(.ok, "post") }
        #expect(answer(router, .post, "/health")?.body == Array("post".utf8))
    }
}

/// Holds a response delivered synchronously on the test's thread.
final class ResponseBox: @unchecked Sendable {
    var value: HTTPResponse?
}
