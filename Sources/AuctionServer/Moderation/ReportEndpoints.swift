import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Users' reports of lots: `POST /products/{id}/report` (any logged-in user), `GET /moderation/reports` and
/// `POST /moderation/reports/{id}/resolve` (moderators, through `ModeratorCheck`). Every route reads or writes
/// the store, so each runs on the account workers, never on the event loop.
public enum ReportEndpoints {
    /// The paths served.
    public static let paths = ["/products/{id}/report", "/moderation/reports", "/moderation/reports/{id}/resolve"]

    /// Reports one user may file in an hour by default (new ones; repeating an open report does not count).
    public static let defaultReportsPerHour = 20

    /// Adds the routes to `router`: reporters pass `reporters`, moderators `check`; at most `reportsPerHour` new
    /// reports per user in any hour.
    static func install(on router: inout HTTPRouter, check: ModeratorCheck, reporters: ReporterCheck, workers: BlockingWorkers,
                        reportsPerHour: Int = ReportEndpoints.defaultReportsPerHour) {
        let store = check.accounts.store, now = check.now
        AccountEndpoints.offload(&router, "/products/{id}/report", workers) { request in
            do throws(ModeratorRefusal) {
                let reporter = try reporters.reporter(of: request).get()
                let product = try ModerationRequest.pathID(request, "id").get()
                let reason = try ModerationRequest.reason(of: request).get()
                return try file(store: store, product: ProductID(Int(product)), reporter: reporter, reason: reason, now: now(),
                                perHour: reportsPerHour)
            } catch {
                return error.response
            }
        }
        AccountEndpoints.offload(&router, "/moderation/reports", workers, method: .get) { request in
            do throws(ModeratorRefusal) {
                _ = try check.moderator(of: request).get()
                let parameters = try ModerationRequest.parameters(request).get()
                let limit = try ModerationRequest.limit(parameters).get()
                let after = try ModerationRequest.cursor(parameters, "after").get()
                let all: Bool
                switch parameters["state"] ?? "open" {
                case "open": all = false
                case "all": all = true
                default: throw ModeratorRefusal(response: ModerationRequest.badRequest("state must be open or all"))
                }
                let page = try stored { () throws(StoreError) in try store.reports(includingResolved: all, after: after, limit: limit) }
                return ModerationRequest.answer(.ok, [("reports", .array(page.reports.map(\.json))),
                                                      ("next", page.next.map(JSONValue.int) ?? .null)])
            } catch {
                return error.response
            }
        }
        AccountEndpoints.offload(&router, "/moderation/reports/{id}/resolve", workers) { request in
            do throws(ModeratorRefusal) {
                let moderator = try check.moderator(of: request).get()
                let id = try ModerationRequest.pathID(request, "id", maximum: Int64.max).get()
                let reason = try ModerationRequest.reason(of: request).get()
                let outcome = try stored { () throws(StoreError) in
                    try store.resolveReport(id, moderator: moderator.userID, reason: reason, at: now())
                }
                switch outcome {
                case .unknownReport:
                    return ModerationRequest.notFound("no report \(id)")
                case .alreadyResolved(let by):
                    return ModerationRequest.answer(.ok, [("changed", false), ("message", .string("report \(id) was already resolved by \(by)"))])
                case .resolved(let entry):
                    return ModerationRequest.answer(.ok, [("changed", true),
                                                          ("message", .string("report \(id) resolved")),
                                                          ("entry", ModerationLogReads.json(entry))])
                }
            } catch {
                return error.response
            }
        }
    }

    private static func file(store: AccountStore, product: ProductID, reporter: UserIdentity, reason: ModerationReason, now: Timestamp,
                             perHour: Int) throws(ModeratorRefusal) -> HTTPResponse {
        let filing = try stored { () throws(StoreError) in
            try store.fileReport(productID: product, reporter: reporter.userID, reason: reason, at: now, perHour: perHour)
        }
        switch filing {
        case .unknownProduct:
            return ModerationRequest.notFound("no lot \(product)")
        case .removedProduct:
            return ModerationRequest.error(.conflict, "lot \(product) was removed by moderation; there is nothing left to report")
        case .existing(let report):
            return ModerationRequest.answer(.ok, [("report", report.json), ("changed", false),
                                                  ("message", .string("you already reported lot \(product); the moderators have it"))])
        case .created(let report):
            return ModerationRequest.answer(.created, [("report", report.json), ("changed", true),
                                                       ("message", .string("lot \(product) reported (report \(report.id)); the moderators will look at it"))])
        case .tooMany(let wait):
            let minutes = (wait + 59_999) / 60_000
            return AccountEndpoints.json(.tooManyRequests, AccountDTO.errorBody(
                "you filed \(perHour) reports in the last hour; try again in \(minutes) min", retryAfterMilliseconds: wait))
                .retryingAfter(milliseconds: wait)
        }
    }

    /// Runs a store call, turning its failure into the refusal that answers it.
    static func stored<R>(_ body: () throws(StoreError) -> R) throws(ModeratorRefusal) -> R {
        do throws(StoreError) {
            return try body()
        } catch {
            throw ModeratorRefusal(response: ModerationRequest.failure(error))
        }
    }
}
