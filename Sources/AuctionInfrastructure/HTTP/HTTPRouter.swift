/// Routes requests by method and exact path: unknown path → 404, known path with another
/// method → 405 with `Allow`. A path with `{name}` segments (`/watchlist/{id}`) is a pattern
/// (`HTTPRoutePattern`), tried only when no exact path matches. `HEAD` is served by the `GET` route (the server drops the body).
/// Handlers run on the server's event loop; deliberately not `Sendable`. There is no `async`
/// variant on purpose: a server must not wait for Swift's cooperative pool, which blocked work
/// elsewhere in the process can fill; slow handlers hand their work to dedicated threads and
/// answer through the responder.
public struct HTTPRouter {
    /// A handler that answers through a responder, possibly later (asynchronous work).
    public typealias Handler = (HTTPRequest, HTTPResponder) -> Void

    private var routes: [String: [(method: HTTPMethod, handler: Handler)]] = [:]
    /// Routes with `{name}` segments (`HTTPRoutePattern`), tried in order when no exact path matches.
    private var patterns: [(pattern: HTTPRoutePattern, entries: [(method: HTTPMethod, handler: Handler)])] = []

    /// Creates an empty router.
    public init() {}

    /// Adds a route answered at once by `handler`.
    public mutating func on(_ method: HTTPMethod, _ path: String, _ handler: @escaping (HTTPRequest) -> HTTPResponse) {
        on(method, path, responding: { request, responder in responder.respond(handler(request)) })
    }

    /// Adds a route whose handler answers through the responder, possibly later. Registering the
    /// same method and path twice is a programming error and traps (it would silently replace one).
    public mutating func on(_ method: HTTPMethod, _ path: String, responding handler: @escaping Handler) {
        if let pattern = HTTPRoutePattern(path) {
            let index = patterns.firstIndex { $0.pattern == pattern } ?? patterns.endIndex
            if index == patterns.endIndex { patterns.append((pattern, [])) }
            precondition(!patterns[index].entries.contains { $0.method == method }, "\(method) \(path) is registered twice")
            patterns[index].entries.append((method, handler))
            return
        }
        precondition(!(routes[path] ?? []).contains { $0.method == method }, "\(method) \(path) is registered twice")
        routes[path, default: []].append((method, handler))
    }

    /// Adds a feature's routes.
    public mutating func add(_ collection: some HTTPRouteCollection) {
        collection.register(on: &self)
    }

    /// The methods a path answers to (with `HEAD` when it answers `GET`), or empty for an unknown path.
    public func allowedMethods(for path: String) -> [HTTPMethod] {
        guard let entries = entries(for: path) else { return [] }
        var methods = entries.map(\.method)
        if methods.contains(.get) && !methods.contains(.head) { methods.append(.head) }
        return methods
    }

    /// Answers the request: through its route's handler, or with 404 / 405.
    public func handle(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let path = request.path
        var request = request
        if routes[path] == nil {
            for entry in patterns {
                guard let parameters = entry.pattern.match(path) else { continue }
                request.pathParameters = parameters
                break
            }
        }
        guard let entries = entries(for: path) else {
            responder.respond(.text(.notFound, "no such resource: \(path)\n"))
            return
        }
        let wanted = request.method == .head && !entries.contains(where: { $0.method == .head }) ? .get : request.method
        guard let entry = entries.first(where: { $0.method == wanted }) else {
            let allowed = allowedMethods(for: path).map(\.rawValue).joined(separator: ", ")
            var response = HTTPResponse.text(.methodNotAllowed, "\(request.method) is not allowed on \(path); use \(allowed)\n")
            response.headers.add(name: "Allow", value: allowed)
            responder.respond(response)
            return
        }
        entry.handler(request, responder)
    }

    /// The route that answers `path`: the path itself when registered exactly, else the text of the
    /// first pattern that matches it (`/products/{id}`); nil when none does. One of `registeredRoutes`.
    public func route(for path: String) -> String? {
        if routes[path] != nil { return path }
        return patterns.first { $0.pattern.match(path) != nil }?.pattern.text
    }

    /// Every route registered: exact paths and pattern texts (a bounded set, e.g. for metric labels).
    public var registeredRoutes: [String] {
        Array(routes.keys) + patterns.map(\.pattern.text)
    }

    /// The routes of `path`: its exact entry, else the first pattern that matches it.
    private func entries(for path: String) -> [(method: HTTPMethod, handler: Handler)]? {
        if let exact = routes[path] { return exact }
        return patterns.first { $0.pattern.match(path) != nil }?.entries
    }
}
