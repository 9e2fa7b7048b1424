import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The append-only moderation log (`moderation_log`): one row per action a moderator took, written in
/// the same transaction as the change itself, so the record and the change exist together or not at
/// all. The table refuses updates and deletes (a trigger on both engines).
public enum ModerationLog {
    /// What a moderator did.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// A lot removed: it ends as removed and leaves lists.
        case removeLot = "remove_lot"
        /// A user suspended: sessions ended, logins and bids refused, open lots withdrawn.
        case suspend
        /// A suspension lifted.
        case unsuspend
        /// A bid retracted: the lot repriced from the remaining bids.
        case retractBid = "retract_bid"
        /// A user's report closed, with what was done.
        case resolveReport = "resolve_report"
    }

    /// One row to append.
    public struct Entry: Hashable, Sendable {
        /// Who acted.
        public var moderator: UserID
        /// What they did.
        public var action: Action
        /// The lot concerned, if any.
        public var productID: ProductID?
        /// The user concerned, if any.
        public var user: UserID?
        /// The bid concerned, if any.
        public var bidID: Int64?
        /// The report concerned, if any.
        public var reportID: Int64?
        /// Why.
        public var reason: ModerationReason
        /// What changed, as JSON members: `price_before`, `price_after`, `sessions_ended`, `lots_withdrawn`, …
        public var details: JSONObject
        /// When.
        public var at: Timestamp

        /// An entry.
        public init(moderator: UserID, action: Action, productID: ProductID? = nil, user: UserID? = nil, bidID: Int64? = nil,
                    reportID: Int64? = nil, reason: ModerationReason, details: JSONObject = JSONObject([]), at: Timestamp) {
            self.moderator = moderator
            self.action = action
            self.productID = productID
            self.user = user
            self.bidID = bidID
            self.reportID = reportID
            self.reason = reason
            self.details = details
            self.at = at
        }
    }

    /// Appends `entry` on `database` (inside the caller's transaction); returns the new row's id.
    @discardableResult
    public static func append(_ entry: Entry, on database: any StoreDatabase) throws(StoreError) -> Int64 {
        let details = String(decoding: JSONValue.object(entry.details).serialized(), as: UTF8.self)
        return try database.insertReturningID("""
            INSERT INTO moderation_log (moderator_id, action, product_id, user_id, bid_id, report_id, reason, details, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(entry.moderator.rawValue), .text(entry.action.rawValue),
                  entry.productID.map { .integer(Int64($0.rawValue)) } ?? .null, entry.user.map { .integer($0.rawValue) } ?? .null,
                  entry.bidID.map { .integer($0) } ?? .null, entry.reportID.map { .integer($0) } ?? .null,
                  .text(entry.reason.text), .text(details), .integer(entry.at.millisecondsSinceEpoch)])
    }
}
