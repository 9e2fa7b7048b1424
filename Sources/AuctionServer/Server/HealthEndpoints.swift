import AuctionInfrastructure

/// `GET /health/live` (the process answers: 200) and `GET /health/ready` (200 when the node should be
/// sent traffic, else 503 with the reasons and `Retry-After`): what load balancers and systemd ask.
/// Both are answered on the loop from memory; `/health` (the original's, with counters) stays.
public struct HealthEndpoints: HTTPRouteCollection {
    /// The paths served, in the order they are documented.
    public static let paths = ["/health/live", "/health/ready"]
    /// What `/health/ready` reports.
    let readiness: Readiness

    /// Adds both routes.
    public func register(on router: inout HTTPRouter) {
        let readiness = self.readiness
        router.on(.get, "/health/live") { _ in Self.json(.ok, [("status", .string("live"))]) }
        router.on(.get, "/health/ready") { _ in
            let reasons = readiness.notReadyBecause
            guard !reasons.isEmpty else { return Self.json(.ok, [("status", .string("ready"))]) }
            return Self.json(.serviceUnavailable, [("status", .string("not_ready")),
                                                   ("reasons", .array(reasons.map { .string($0.rawValue) }))])
                .retryingAfter(seconds: 1)
        }
    }

    private static func json(_ status: HTTPStatus, _ fields: [(String, JSONValue)]) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: JSONValue.object(JSONObject(fields)).serialized())
    }
}
