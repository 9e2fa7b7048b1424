import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The moderation routes. So far `GET /moderation/me`: the caller's moderator standing, through the one
/// `ModeratorCheck` every moderation route shares (401 without a session, 403 without the role, 429 past
/// the rate). The actions of issue 23 (remove a lot, suspend, retract, reports, the log) are not built yet.
public enum ModerationEndpoints {
    /// The paths served.
    public static let paths = ["/moderation/me"] + ReportEndpoints.paths + ModerationLogEndpoints.paths

    /// Adds the routes to `router`; each runs on `workers` (the role is read from the store) behind `check`.
    public static func install(on router: inout HTTPRouter, check: ModeratorCheck, workers: BlockingWorkers) {
        AccountEndpoints.offload(&router, "/moderation/me", workers, method: .get) { request in
            switch check.moderator(of: request) {
            case .failure(let refusal):
                return refusal.response
            case .success(let moderator):
                var response = AccountEndpoints.json(.ok, AccountDTO.sessionBody(
                    userID: moderator.userID, name: moderator.name, token: nil, expiresAt: moderator.expiresAt, moderator: true))
                response.headers.add(name: "Cache-Control", value: "no-store")
                return response
            }
        }
        ReportEndpoints.install(on: &router, check: check, reporters: ReporterCheck(accounts: check.accounts, now: check.now),
                                workers: workers)
        ModerationLogEndpoints.install(on: &router, check: check, workers: workers)
    }
}
