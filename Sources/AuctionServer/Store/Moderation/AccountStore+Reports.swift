import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Users' reports of lots (`reports`): filed by any logged-in user, one open report per lot and reporter,
/// read and resolved by moderators. Dialect-neutral: the same SQL runs on SQLite and PostgreSQL.
extension AccountStore {
    /// What filing a report did.
    public enum ReportFiling: Hashable, Sendable {
        /// A new report.
        case created(ModerationReport)
        /// The reporter's open report on this lot, unchanged.
        case existing(ModerationReport)
        /// No such lot.
        case unknownProduct
        /// The lot was removed by moderation: there is nothing left to report.
        case removedProduct
        /// The reporter filed `perHour` reports in the last hour; the next may come in this many milliseconds.
        case tooMany(retryAfterMilliseconds: Int64)
    }

    /// What resolving a report did.
    public enum ReportResolution: Hashable, Sendable {
        /// Resolved now; the moderation log's new row.
        case resolved(ModerationLog.Row)
        /// Already resolved, by this moderator (nothing written).
        case alreadyResolved(by: String)
        /// No such report.
        case unknownReport
    }

    /// One page of reports, oldest first.
    public struct ReportPage: Hashable, Sendable {
        /// The reports.
        public var reports: [ModerationReport]
        /// The id to pass as `after` for the next page, nil on the last.
        public var next: Int64?
    }

    /// The length of the window in which a user may file at most `perHour` reports.
    public static let reportWindowMilliseconds: Int64 = 3_600_000

    /// Files `reporter`'s report of `productID` at `now`, unless they already have an open one on it or filed
    /// `perHour` reports in the last hour (counted on `reports_by_reporter`, so the bound holds on every node).
    public func fileReport(productID: ProductID, reporter: UserID, reason: ModerationReason, at now: Timestamp,
                           perHour: Int) throws(StoreError) -> ReportFiling {
        try connection.withDatabase { database throws(StoreError) -> ReportFiling in
            try database.inTransaction { () throws(StoreError) -> ReportFiling in
                try database.serialize(lock: .user(reporter))  // one filing per reporter at a time, on every node
                let product = Int64(productID.rawValue)
                let lots = try database.rows("SELECT removed_reason FROM products WHERE id = ?", [.integer(product)]) { $0.optionalText(0) }
                guard let lot = lots.first else { return .unknownProduct }
                if lot != nil { return .removedProduct }
                if let open = try database.scalarInteger(
                    "SELECT id FROM reports WHERE product_id = ? AND reporter_id = ? AND resolved_at IS NULL",
                    [.integer(product), .integer(reporter.rawValue)]), let report = try Self.report(open, on: database) {
                    return .existing(report)
                }
                let since = now.millisecondsSinceEpoch &- Self.reportWindowMilliseconds
                let recent = try database.rows("SELECT COUNT(*), MIN(created_at) FROM reports WHERE reporter_id = ? AND created_at > ?",
                                               [.integer(reporter.rawValue), .integer(since)]) { ($0.int64(0), $0.int64(1)) }.first
                if let recent, recent.0 >= Int64(perHour) {
                    return .tooMany(retryAfterMilliseconds: max(1, recent.1 &- since))
                }
                let id = try database.insertReturningID(
                    "INSERT INTO reports (product_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?)",
                    [.integer(product), .integer(reporter.rawValue), .text(reason.text), .integer(now.millisecondsSinceEpoch)])
                guard let report = try Self.report(id, on: database) else {
                    throw StoreError.unexpectedValue(path: database.location, detail: "report \(id) vanished")
                }
                return .created(report)
            }
        }
    }

    /// Reports with ids above `after` (nil: from the first), open ones only unless `includingResolved`, at most `limit`.
    public func reports(includingResolved: Bool, after: Int64?, limit: Int) throws(StoreError) -> ReportPage {
        let limit = max(1, limit)
        return try connection.withDatabase { database throws(StoreError) -> ReportPage in
            let rows = try database.rows(Self.reportSelect + " WHERE r.id > ?" + (includingResolved ? "" : " AND r.resolved_at IS NULL")
                                         + " ORDER BY r.id LIMIT ?", [.integer(after ?? 0), .integer(Int64(limit) + 1)], map: Self.report(from:))
            return ReportPage(reports: Array(rows.prefix(limit)), next: rows.count > limit ? rows[limit - 1].id : nil)
        }
    }

    /// Resolves report `id` as `moderator` with `reason` at `now`: the report and its log row in one transaction.
    public func resolveReport(_ id: Int64, moderator: UserID, reason: ModerationReason, at now: Timestamp) throws(StoreError) -> ReportResolution {
        try connection.withDatabase { database throws(StoreError) -> ReportResolution in
            try database.inTransaction { () throws(StoreError) -> ReportResolution in
                guard let report = try Self.report(id, on: database) else { return .unknownReport }
                if report.resolvedAt != nil { return .alreadyResolved(by: report.resolvedBy ?? "another moderator") }
                let updated = try database.write(
                    "UPDATE reports SET resolved_at = ?, resolved_by = ?, resolution = ? WHERE id = ? AND resolved_at IS NULL",
                    [.integer(now.millisecondsSinceEpoch), .integer(moderator.rawValue), .text(reason.text), .integer(id)])
                guard updated == 1 else {  // another moderator on another node resolved it first
                    return .alreadyResolved(by: try Self.report(id, on: database)?.resolvedBy ?? "another moderator")
                }
                let entry = ModerationLog.Entry(moderator: moderator, action: .resolveReport, productID: report.productID,
                                                reportID: id, reason: reason,
                                                details: JSONObject([("reporter", .string(report.reporter)),
                                                                     ("report_reason", .string(report.reason))]), at: now)
                let logID = try ModerationLog.append(entry, on: database)
                guard let row = try ModerationLogReads.entry(id: logID, on: database) else {
                    throw StoreError.unexpectedValue(path: database.location, detail: "log entry \(logID) vanished")
                }
                return .resolved(row)
            }
        }
    }

    private static let reportSelect = """
        SELECT r.id, r.product_id, COALESCE(p.name, ''), u.name, r.reason, r.created_at, r.resolved_at, m.name, r.resolution
        FROM reports r JOIN users u ON u.id = r.reporter_id LEFT JOIN products p ON p.id = r.product_id
        LEFT JOIN users m ON m.id = r.resolved_by
        """

    private static func report(_ id: Int64, on database: any StoreDatabase) throws(StoreError) -> ModerationReport? {
        try database.rows(reportSelect + " WHERE r.id = ?", [.integer(id)], map: report(from:)).first
    }

    private static func report(from row: any StoreRow) -> ModerationReport {
        ModerationReport(id: row.int64(0), productID: ProductID(Int(row.int64(1))), productName: row.text(2), reporter: row.text(3),
                         reason: row.text(4), createdAt: Timestamp(millisecondsSinceEpoch: row.int64(5)),
                         resolvedAt: row.optionalInt64(6).map(Timestamp.init(millisecondsSinceEpoch:)),
                         resolvedBy: row.optionalText(7), resolution: row.optionalText(8))
    }
}
