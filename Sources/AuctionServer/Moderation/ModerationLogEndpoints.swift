import AuctionCore
import AuctionInfrastructure

/// `GET /moderation/log[?user=NAME][&lot=ID][&limit=N][&before=ID]` (moderators): the append-only log, newest first;
/// `user` matches the user acted on or the moderator who acted. Runs on the account workers.
public enum ModerationLogEndpoints {
    /// The paths served.
    public static let paths = ["/moderation/log"]

    /// Adds the route to `router`, behind `check`.
    static func install(on router: inout HTTPRouter, check: ModeratorCheck, workers: BlockingWorkers) {
        let store = check.accounts.store
        AccountEndpoints.offload(&router, "/moderation/log", workers, method: .get) { request in
            do throws(ModeratorRefusal) {
                _ = try check.moderator(of: request).get()
                let parameters = try ModerationRequest.parameters(request).get()
                let limit = try ModerationRequest.limit(parameters).get()
                let before = try ModerationRequest.cursor(parameters, "before").get()
                let lot = try ModerationRequest.cursor(parameters, "lot").get()
                if let lot, lot > Int64(Int32.max) { throw ModeratorRefusal(response: ModerationRequest.badRequest("lot must be a lot id")) }
                let user = parameters["user"]
                if let user, user.isEmpty || user.utf8.count > AccountRules.maximumNameLength {
                    throw ModeratorRefusal(response: ModerationRequest.badRequest("user must be a user name"))
                }
                let page = try ReportEndpoints.stored { () throws(StoreError) in
                    try store.moderationLog(userNamed: user, productID: lot.map { ProductID(Int($0)) }, before: before, limit: limit)
                }
                return ModerationRequest.answer(.ok, [("entries", .array(page.entries.map(ModerationLogReads.json))),
                                                      ("next", page.next.map(JSONValue.int) ?? .null)])
            } catch {
                return error.response
            }
        }
    }
}
