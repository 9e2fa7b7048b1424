import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// The moderators' action routes, each with a JSON body `{"reason": TEXT}`:
/// `POST /moderation/lots/{id}/remove`, `POST /moderation/users/{name}/suspend` (`"seconds"`: how long;
/// absent: until lifted), `POST /moderation/users/{name}/unsuspend` and `POST /moderation/bids/{id}/retract`. The role and the rate are checked
/// by `ModeratorCheck` on the account workers; the action runs on `writer` (one at a time). Answers
/// 200 `{"changed", "message", "entry_id", "entry"}` (the entry as `GET /moderation/log` shows it, when
/// something changed), or 400 (reason, body), 401, 403, 404, 409, 429, 503.
struct ModerationActionEndpoints: HTTPRouteCollection, Sendable {
    /// The paths served.
    static let paths = ["/moderation/lots/{id}/remove", "/moderation/users/{name}/suspend", "/moderation/users/{name}/unsuspend",
                        "/moderation/bids/{id}/retract"]
    /// The longest suspension a moderator may set (ten years); longer is refused, absent is "until lifted".
    static let maximumSuspensionSeconds: Int64 = 10 * 366 * 86_400

    /// The actions.
    var actions: ModerationActions
    /// The role and rate check.
    var check: ModeratorCheck
    /// Where checks run.
    var workers: BlockingWorkers
    /// Where actions run, one at a time.
    var writer: CatalogueEndpoints.Offload
    /// The server's clock.
    var now: @Sendable () -> Timestamp

    /// Adds the routes.
    func register(on router: inout HTTPRouter) {
        let endpoints = self
        router.on(.post, "/moderation/lots/{id}/remove", responding: { request, responder in
            endpoints.run(request, responder) { (moderator, reason, _) throws(ModerationActions.Refusal) -> ModerationActions.Answer in
                guard let text = request.pathParameters["id"], let number = Int(text), number > 0, number <= Int(Int32.max) else {
                    throw ModerationActions.Refusal.notFound("there is no lot \(request.pathParameters["id"] ?? "")")
                }
                return try endpoints.actions.removeLot(ProductID(number), reason: reason, by: moderator)
            }
        })
        router.on(.post, "/moderation/users/{name}/suspend", responding: { request, responder in
            endpoints.run(request, responder) { (moderator, reason, body) throws(ModerationActions.Refusal) -> ModerationActions.Answer in
                let name = request.pathParameters["name"] ?? ""
                let seconds: Int64?
                switch body["seconds"] {
                case nil, .null?:
                    seconds = nil  // until lifted
                case let value?:
                    // A typo ("3600", 1.5, true) must not become a suspension without end.
                    guard let number = value.intValue, number > 0, number <= Self.maximumSuspensionSeconds else {
                        throw ModerationActions.Refusal.invalid("seconds must be a whole number from 1 to \(Self.maximumSuspensionSeconds) "
                                                                + "(or absent: until lifted)")
                    }
                    seconds = number
                }
                let until = seconds.map { endpoints.now().adding(milliseconds: $0 * 1000) }
                return try endpoints.actions.suspend(name, reason: reason, until: until, by: moderator)
            }
        })
        router.on(.post, "/moderation/bids/{id}/retract", responding: { request, responder in
            endpoints.run(request, responder) { (moderator, reason, _) throws(ModerationActions.Refusal) -> ModerationActions.Answer in
                guard let text = request.pathParameters["id"], let id = Int64(text), id > 0 else {
                    throw ModerationActions.Refusal.notFound("there is no bid \(request.pathParameters["id"] ?? "")")
                }
                return try endpoints.actions.retract(bid: id, reason: reason, by: moderator)
            }
        })
        router.on(.post, "/moderation/users/{name}/unsuspend", responding: { request, responder in
            endpoints.run(request, responder) { (moderator, reason, _) throws(ModerationActions.Refusal) -> ModerationActions.Answer in
                try endpoints.actions.unsuspend(request.pathParameters["name"] ?? "", reason: reason, by: moderator)
            }
        })
    }

    /// Checks the caller and the reason on the workers (the body read once, there), then runs `action`
    /// with them and the body on the writer and answers.
    private func run(_ request: HTTPRequest, _ responder: HTTPResponder,
                     _ action: @escaping @Sendable (UserIdentity, ModerationReason, JSONValue) throws(ModerationActions.Refusal)
                         -> ModerationActions.Answer) {
        let check = self.check, writer = self.writer, endpoints = self
        let queued = workers.submit {
            let moderator: UserIdentity
            switch check.moderator(of: request) {
            case .failure(let refusal): return responder.respond(refusal.response)
            case .success(let found): moderator = found
            }
            let body: JSONValue, reason: ModerationReason
            switch ModerationRequest.body(of: request).flatMap({ json in ModerationRequest.reason(in: json).map { (json, $0) } }) {
            case .failure(let refusal): return responder.respond(refusal.response)
            case .success(let checked): (body, reason) = checked
            }
            let accepted = writer {
                do throws(ModerationActions.Refusal) {
                    let answer = try action(moderator, reason, body)
                    var members: [(String, JSONValue)] = [("changed", .bool(answer.changed)), ("message", .string(answer.message))]
                    if let entry = answer.entry {
                        members.append(("entry_id", .int(entry)))
                        if let json = endpoints.actions.entry(entry) { members.append(("entry", json)) }
                    }
                    responder.respond(ModerationRequest.answer(.ok, members))
                } catch {
                    responder.respond(Self.response(to: error))
                }
            }
            if !accepted { responder.respond(Self.busy) }
        }
        if !queued { responder.respond(Self.busy) }
    }

    private static var busy: HTTPResponse {
        ModerationRequest.error(.serviceUnavailable, "the server is busy; try again in a moment").retryingAfter(seconds: 1)
    }

    private static func response(to refusal: ModerationActions.Refusal) -> HTTPResponse {
        switch refusal {
        case .notFound(let message): ModerationRequest.error(.notFound, message)
        case .conflict(let message): ModerationRequest.error(.conflict, message)
        case .invalid(let message): ModerationRequest.error(.badRequest, message)
        case .unavailable(let message): ModerationRequest.error(.serviceUnavailable, message).retryingAfter(seconds: 1)
        }
    }
}
