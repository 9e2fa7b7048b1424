import AuctionInfrastructure
import Testing

@Suite struct HTTPRoutePathParameterTests {
    @Test func matchesOneSegmentPerParameter() throws {
        let pattern = try #require(HTTPRoutePattern("/images/{hash}"))
        #expect(pattern.match("/images/ab12") == ["hash": "ab12"])
        #expect(pattern.match("/images/") == nil)
        #expect(pattern.match("/images/a/b") == nil)
        #expect(pattern.match("/image/ab") == nil)
        #expect(HTTPRoutePattern("/images") == nil)
    }

    @Test func routerPrefersExactPathsAndPassesParameters() {
        var router = HTTPRouter()
        router.on(.get, "/images/{hash}") { request in .text(.ok, "hash " + (request.pathParameters["hash"] ?? "?")) }
        router.on(.get, "/images/latest") { _ in .text(.ok, "latest") }
        router.on(.post, "/images") { _ in .text(.ok, "upload") }
        func answer(_ method: HTTPMethod, _ target: String) -> HTTPResponse {
            let box = ResponseBox()
            router.handle(HTTPRequest(method: method, target: target), HTTPResponder { box.value = $0 })
            return box.value ?? .text(.internalServerError, "")
        }
        #expect(answer(.get, "/images/abc?x=1").body == Array("hash abc".utf8))
        #expect(answer(.get, "/images/latest").body == Array("latest".utf8))
        #expect(answer(.head, "/images/abc").status == .ok)
        #expect(answer(.post, "/images/abc").status == .methodNotAllowed)
        #expect(answer(.get, "/images/a/b").status == .notFound)
        #expect(router.allowedMethods(for: "/images/xyz") == [.get, .head])
    }

    @Test func parserAllowsALargerBodyOnlyOnItsPath() {
        var limits = HTTPRequestParser.Limits(bodyBytes: 100)
        limits.bodyBytesByPath["/images"] = 1_000
        for (target, expected) in [("/images", true), ("/images?x", true), ("/products/alllist", false)] {
            var parser = HTTPRequestParser(limits: limits)
            parser.append(Array("POST \(target) HTTP/1.1\r\nHost: h\r\nContent-Length: 500\r\n\r\n".utf8) + [UInt8](repeating: 1, count: 500))
            let event = parser.next()
            if case .request = event { #expect(expected, "\(target)") } else { #expect(!expected, "\(target)") }
        }
    }
}
