import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// One hourly budget per user for images (count and bytes) and listed lots, shared by every route an
/// image or a lot enters by, so no route is a way around another's limit. Any thread.
public final class UploadBudget: Sendable {
    /// Bytes are counted in KiB tokens (rounded up), so an hour's bucket never overflows.
    private static let tokenBytes = 1_024

    private struct Buckets {
        var images: RateLimiter<UserID>
        var kibibytes: RateLimiter<UserID>
        var lots: RateLimiter<UserID>
    }

    private let buckets: Mutex<Buckets>

    /// A budget of `imagesPerHour` images and `limits`' bytes and lots an hour per user.
    public init(imagesPerHour: Int, limits: UploadLimits) {
        buckets = Mutex(Buckets(
            images: RateLimiter(configuration: .perHour(max(1, imagesPerHour))),
            kibibytes: RateLimiter(configuration: .perHour(max(1, limits.imageBytesPerHour / Self.tokenBytes))),
            lots: RateLimiter(configuration: .perHour(max(1, limits.lotsPerHour)))))
    }

    /// Takes `count` images of `bytes` in all from `user`'s budget: nil when taken, else the
    /// milliseconds until it would fit (nothing taken).
    public func takeImages(_ user: UserID, count: Int, bytes: Int, now: Timestamp) -> Int64? {
        guard count > 0 else { return nil }
        let tokens = bytes / Self.tokenBytes + (bytes % Self.tokenBytes > 0 ? 1 : 0)
        return buckets.withLock { buckets -> Int64? in
            guard buckets.images.available(user, now: now) >= count else {
                return Self.wait(buckets.images, user, count, now)
            }
            guard buckets.kibibytes.take(user, count: tokens, now: now) else {
                return Self.wait(buckets.kibibytes, user, tokens, now)
            }
            _ = buckets.images.take(user, count: count, now: now)
            return nil
        }
    }

    /// Takes one listed lot from `user`'s budget: nil when taken, else the milliseconds until one fits.
    public func takeLot(_ user: UserID, now: Timestamp) -> Int64? {
        buckets.withLock { buckets -> Int64? in
            buckets.lots.take(user, now: now) ? nil : buckets.lots.retryAfterMilliseconds(user, now: now)
        }
    }

    /// Milliseconds until `limiter` has `count` tokens for `user`: past its capacity, a full period.
    private static func wait(_ limiter: RateLimiter<UserID>, _ user: UserID, _ count: Int, _ now: Timestamp) -> Int64 {
        let capacity = limiter.configuration.capacity
        guard count <= capacity else { return limiter.configuration.periodMilliseconds }
        let missing = Int64(count - limiter.available(user, now: now))
        return max(1, missing * limiter.configuration.periodMilliseconds / Int64(capacity))
    }
}
