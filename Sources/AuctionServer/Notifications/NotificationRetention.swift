/// How many stored notifications the server keeps per user, and for how long (docs/SECURITY.md):
/// the notify thread prunes a user's older ones right after storing new ones for them.
public struct NotificationRetention: Sendable, Hashable {
    /// The newest notifications kept per user (500); older ones are deleted.
    public var perUser: Int
    /// Notifications older than this are deleted (90 days, in ms).
    public var maximumAgeMilliseconds: Int64

    /// The limits: by default the newest 500 per user, none older than 90 days.
    public init(perUser: Int = 500, maximumAgeMilliseconds: Int64 = 90 * 86_400_000) {
        self.perUser = perUser
        self.maximumAgeMilliseconds = maximumAgeMilliseconds
    }
}
