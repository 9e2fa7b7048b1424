import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// The check before `POST /products/{id}/report`: a session (else 401) and the per-user request rate (else 429),
/// before the store is touched, so a refused request costs a token lookup and nothing more. Thread-safe.
public final class ReporterCheck: Sendable {
    /// Report requests (new or repeated) one user may make a minute by default.
    public static let defaultRequestsPerMinute = 30

    private let accounts: AccountService
    private let limiter: Mutex<RateLimiter<UserID>>
    private let now: @Sendable () -> Timestamp

    /// Checks sessions against `accounts`, allowing each user `requestsPerMinute` report requests on the clock `now`.
    public init(accounts: AccountService, requestsPerMinute: Int = ReporterCheck.defaultRequestsPerMinute,
                now: @escaping @Sendable () -> Timestamp) {
        self.accounts = accounts
        limiter = Mutex(RateLimiter(configuration: .perMinute(max(1, requestsPerMinute))))
        self.now = now
    }

    /// The user making `request`, or the response that refuses it.
    public func reporter(of request: HTTPRequest) -> Result<UserIdentity, ModeratorRefusal> {
        guard let token = AccountEndpoints.bearerToken(request), let user = accounts.user(forToken: token) else {
            return .failure(ModeratorRefusal(response: AccountEndpoints.failure(.invalidToken)))
        }
        let now = self.now()
        let wait = limiter.withLock { limiter -> Int64? in
            limiter.take(user.userID, now: now) ? nil : max(1, limiter.retryAfterMilliseconds(user.userID, now: now))
        }
        if let wait {
            return .failure(ModeratorRefusal(response: AccountEndpoints.json(.tooManyRequests, AccountDTO.errorBody(
                "too many report requests; try again later", retryAfterMilliseconds: wait)).retryingAfter(milliseconds: wait)))
        }
        return .success(user)
    }
}
