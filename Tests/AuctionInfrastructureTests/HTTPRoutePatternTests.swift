import AuctionInfrastructure
import Testing

/// Routes with `{name}` segments: one whole non-empty segment each, exact paths first, 404/405 as for exact routes.
@Suite struct HTTPRoutePatternTests {
    @Test func aNamedSegmentMatchesOneSegment() throws {
        let pattern = try #require(HTTPRoutePattern("/products/{id}/bids"))
        #expect(pattern.match("/products/5/bids") == ["id": "5"])
        #expect(pattern.match("/products//bids") == nil)
        #expect(pattern.match("/products/5/6/bids") == nil)
        #expect(pattern.match("/products/5/bid") == nil)
        #expect(pattern.match("/products/5/bids/") == nil)
    }

    @Test func pathsWithoutBracesOrWithStrayBracesAreNotPatterns() {
        #expect(HTTPRoutePattern("/products/alllist") == nil)
        #expect(HTTPRoutePattern("/products/x{id}/bids") == nil)
        #expect(HTTPRoutePattern("/products/{}/bids") == nil)
    }

    @Test func theRouterAnswersPatternsAfterExactPaths() async throws {
        var router = HTTPRouter()
        router.on(.get, "/products/{id}/bids") { request in .text(.ok, "pattern \(request.path)") }
        router.on(.get, "/products/7/bids") { _ in .text(.ok, "exact") }
        #expect(await Self.answer(router, .get, "/products/5/bids").body == Array("pattern /products/5/bids".utf8))
        #expect(await Self.answer(router, .get, "/products/7/bids").body == Array("exact".utf8))
        #expect(await Self.answer(router, .get, "/products/5/bids?x=1").status == .ok)
        #expect(await Self.answer(router, .get, "/products/5").status == .notFound)
        let wrongMethod = await Self.answer(router, .post, "/products/5/bids")
        #expect(wrongMethod.status == .methodNotAllowed)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
        #expect(router.allowedMethods(for: "/products/9/bids") == [.get, .head])
    }

    private static func answer(_ router: HTTPRouter, _ method: HTTPMethod, _ target: String) async -> HTTPResponse {
        await withCheckedContinuation { continuation in
            router.handle(HTTPRequest(method: method, target: target), HTTPResponder { continuation.resume(returning: $0) })
        }
    }
}
