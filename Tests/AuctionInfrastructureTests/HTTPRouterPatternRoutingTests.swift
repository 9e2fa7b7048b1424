import AuctionInfrastructure
import Testing

@Suite struct HTTPRouterPatternRoutingTests {
    private func answer(_ router: HTTPRouter, _ method: HTTPMethod, _ target: String) -> HTTPResponse? {
        let box = ResponseBox()
        router.handle(HTTPRequest(method: method, target: target), HTTPResponder { box.value = $0 })
        return box.value
    }

    private func router() -> HTTPRouter {
        var router = HTTPRouter()
        router.on(.get, "/watchlist") { _ in .text(.ok, "list") }
        router.on(.put, "/watchlist/{id}") { request in
            .text(.ok, "put \(request.pathParameters["id"] ?? "?")")
        }
        router.on(.delete, "/watchlist/{id}") { _ in .text(.ok, "delete") }
        router.on(.get, "/watchlist/all") { _ in .text(.ok, "exact") }
        return router
    }

    @Test func readsNamedSegmentsAndRefusesOtherShapes() {
        let pattern = HTTPRoutePattern("/products/{id}/bids")
        #expect(pattern?.match("/products/5/bids") == ["id": "5"])
        #expect(pattern?.match("/products//bids") == nil)
        #expect(pattern?.match("/products/5") == nil)
        #expect(pattern?.match("/products/5/bids/x") == nil)
        #expect(pattern?.match("/product/5/bids") == nil)
        #expect(HTTPRoutePattern("/watchlist") == nil, "a path without {name} is exact")
    }

    @Test func routesAPatternPathByMethodAfterExactPaths() {
        #expect(answer(router(), .put, "/watchlist/17?x=1")?.body == Array("put 17".utf8))
        #expect(answer(router(), .delete, "/watchlist/17")?.body == Array("delete".utf8))
        #expect(answer(router(), .get, "/watchlist/all")?.body == Array("exact".utf8), "an exact path wins")
        #expect(answer(router(), .get, "/watchlist")?.body == Array("list".utf8))
    }

    @Test func answers405And404AroundPatterns() {
        let response = answer(router(), .get, "/watchlist/17")
        #expect(response?.status == .methodNotAllowed)
        #expect(response?.headers["Allow"] == "PUT, DELETE")
        #expect(answer(router(), .put, "/watchlist/17/more")?.status == .notFound)
        #expect(answer(router(), .put, "/watchlist/")?.status == .notFound)
    }
}
