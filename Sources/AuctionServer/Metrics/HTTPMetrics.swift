import AuctionInfrastructure

/// HTTP requests by route and status class, and their latency by route. The route label is the
/// route as registered (`/products/{id}`), or `unmatched`: never the raw path, so a client cannot
/// make up label values. Updates are atomic adds (responses may be sent from worker threads).
final class HTTPMetrics: Sendable {
    /// The label of a request no route answers.
    static let unmatched = "unmatched"
    /// The status classes counted, `1xx` … `5xx`.
    static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    /// Every route label, `unmatched` last.
    let routes: [String]
    private let indexByRoute: [String: Int]
    private let requestSlots: AtomicSlots  // routes × status classes
    private let latencyHistograms: [AtomicHistogram]
    private let server: ServerMetrics

    /// Counters for `routes` (the router's), whose logins and image uploads also count in `server`.
    init(routes registered: [String], server: ServerMetrics) {
        routes = registered.sorted() + [Self.unmatched]
        indexByRoute = Dictionary(routes.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        requestSlots = AtomicSlots(count: routes.count * Self.statusClasses.count)
        latencyHistograms = routes.map { _ in AtomicHistogram(bounds: AtomicHistogram.latencyBounds) }
        self.server = server
    }

    /// `router` answering every request, each counted and timed from its arrival to its response.
    func measuring(_ router: HTTPRouter) -> HTTPRouter.Handler {
        { [self] request, responder in
            let route = router.route(for: request.path) ?? Self.unmatched
            let index = indexByRoute[route] ?? routes.count - 1
            let method = request.method, started = MonotonicClock.nanoseconds()
            router.handle(request, HTTPResponder { [self] response in
                record(index, route: route, method: method, status: response.status.code,
                       nanoseconds: Int(MonotonicClock.nanoseconds() - started))
                responder.respond(response)
            })
        }
    }

    /// The requests of `route` answered with a status of `statusClass` (index into `statusClasses`).
    func requests(route: Int, statusClass: Int) -> Int {
        requestSlots.load(route * Self.statusClasses.count + statusClass)
    }

    /// The latency histogram of `route`.
    func latency(route: Int) -> AtomicHistogram { latencyHistograms[route] }

    private func record(_ index: Int, route: String, method: HTTPMethod, status: Int, nanoseconds: Int) {
        let statusClass = min(max(status / 100, 1), 5) - 1
        requestSlots.add(index * Self.statusClasses.count + statusClass)
        latencyHistograms[index].observe(nanoseconds)
        guard method == .post else { return }
        if route == "/users/login" {
            server.count(status == 429 ? .loginsRateLimited : status < 300 ? .loginsOK : .loginsFailed)
        } else if route == "/images" {
            server.count(status < 300 ? .imagesAccepted : .imagesRefused)
        }
    }
}
