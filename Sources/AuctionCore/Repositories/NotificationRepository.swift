/// A user's notifications as the client uses them: list them, and mark them seen.
public protocol NotificationRepository: Sendable {
    /// The unseen notifications (or, with `all`, the newest ones seen or not), newest first;
    /// `refused(.unauthenticated)` when the token is not valid.
    func notifications(all: Bool, token: String) async throws(AuctionError) -> [AuctionNotification]
    /// Marks the notifications with ids up to `id` as seen.
    func markSeen(upTo id: Int64, token: String) async throws(AuctionError)
}
