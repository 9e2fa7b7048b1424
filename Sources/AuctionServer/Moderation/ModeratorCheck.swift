import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// The one check every moderation request passes: a session (else 401), within the per-user request rate
/// (else 429), and the moderator role read from the store at request time (else 403). Thread-safe.
public final class ModeratorCheck: Sendable {
    /// Moderation requests one user may make a minute by default.
    public static let defaultRequestsPerMinute = 60

    /// The accounts the check reads (the moderation routes reach the store through them).
    let accounts: AccountService
    private let limiter: Mutex<RateLimiter<UserID>>
    /// The clock the check (and the moderation routes) read.
    let now: @Sendable () -> Timestamp

    /// Checks against `accounts`, allowing each user `requestsPerMinute` moderation requests on the clock `now`.
    public init(accounts: AccountService, requestsPerMinute: Int = ModeratorCheck.defaultRequestsPerMinute,
                now: @escaping @Sendable () -> Timestamp) {
        self.accounts = accounts
        limiter = Mutex(RateLimiter(configuration: .perMinute(max(1, requestsPerMinute))))
        self.now = now
    }

    /// The moderator making `request` (its `Authorization: Bearer` session), or the response that refuses it.
    /// Reads the store, so it runs off the event loop.
    public func moderator(of request: HTTPRequest) -> Result<UserIdentity, ModeratorRefusal> {
        do throws(AccountError) {
            guard let token = AccountEndpoints.bearerToken(request), let user = accounts.user(forToken: token) else {
                throw AccountError.invalidToken
            }
            let now = self.now()
            let wait = limiter.withLock { limiter -> Int64? in
                limiter.take(user.userID, now: now) ? nil : max(1, limiter.retryAfterMilliseconds(user.userID, now: now))
            }
            if let wait { return .failure(ModeratorRefusal(response: Self.tooManyRequests(wait))) }
            guard try accounts.isModerator(user) else { throw AccountError.notModerator }
            var moderator = user
            moderator.isModerator = true
            return .success(moderator)
        } catch {
            return .failure(ModeratorRefusal(response: AccountEndpoints.failure(error)))
        }
    }

    private static func tooManyRequests(_ milliseconds: Int64) -> HTTPResponse {
        HTTPResponse(status: .tooManyRequests, contentType: "application/json; charset=utf-8",
                     body: AccountDTO.errorBody("too many moderation requests; try again later", retryAfterMilliseconds: milliseconds))
            .retryingAfter(milliseconds: milliseconds)
    }
}

/// A moderation request refused: the HTTP answer (401, 403, 429, or 5xx when the store fails).
public struct ModeratorRefusal: Error, Sendable {
    /// What the client is answered.
    public var response: HTTPResponse
}
