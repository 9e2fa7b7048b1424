import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Stored notifications are bounded per user (newest 500, none older than 90 days): pruned on a real
/// SQLite file through schema version 4's `notifications_by_user` index.
@Suite struct NotificationPruningTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_763_769_600_000)
    let day: Int64 = 86_400_000

    /// A store on a fresh file with users 1 (alice) and 2 (bob).
    func store(in folder: TemporaryDirectory) throws -> (NotificationStore, String) {
        let path = folder.file("notices.sqlite")
        let accounts = try AccountStore(path: path)
        for name in ["alice", "bob"] { _ = try accounts.createUser(name: name, passwordHash: "x", at: now) }
        accounts.close()
        return (try NotificationStore(path: path), path)
    }

    func draft(_ user: Int64, at time: Timestamp) -> NotificationDraft {
        NotificationDraft(user: UserID(rawValue: user), kind: .outbid, productID: ProductID(1), price: Money(1_000), createdAt: time)
    }

    @Test func keepsTheNewestPerUserAndDropsWhatIsTooOldLeavingOtherUsersAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (store, path) = try store(in: folder)
        defer { store.close() }
        // Given alice with 510 recent notices, and bob with one 91 days old and one from yesterday.
        _ = try store.insert((0..<510).map { draft(1, at: now.adding(milliseconds: Int64($0))) })
        _ = try store.insert([draft(2, at: now.adding(milliseconds: -91 * day)), draft(2, at: now.adding(milliseconds: -day))])

        // When alice's notices are pruned: her newest 500 stay; bob's are untouched.
        let retention = NotificationRetention(perUser: 500, maximumAgeMilliseconds: 90 * day)
        #expect(try store.prune([UserID(rawValue: 1)], retention: retention, now: now) == 10)
        let newest = try store.newest(for: UserID(rawValue: 1), limit: 1_000)
        #expect(newest.count == 500)
        #expect(newest.last?.createdAt == now.adding(milliseconds: 10), "the ten oldest went")
        #expect(try store.newest(for: UserID(rawValue: 2), limit: 10).count == 2)

        // When bob's are pruned: the one older than 90 days goes.
        #expect(try store.prune([UserID(rawValue: 2)], retention: retention, now: now) == 1)
        #expect(try store.newest(for: UserID(rawValue: 2), limit: 10).map(\.createdAt) == [now.adding(milliseconds: -day)])
        #expect(try store.prune([UserID(rawValue: 1), UserID(rawValue: 2)], retention: retention, now: now) == 0, "nothing more")

        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        let plan = try database.query("""
            EXPLAIN QUERY PLAN SELECT id FROM notifications WHERE user_id = 1 ORDER BY id DESC LIMIT 1 OFFSET 500
            """) { $0.text(3) }
        #expect(plan.joined().contains("notifications_by_user"), "the per-user newest-first read uses version 4's index: \(plan)")
    }

    @Test func theRelaysWriterPrunesAfterStoringAndStillDelivers() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (store, path) = try store(in: folder)
        _ = try store.insert((0..<5).map { draft(1, at: now.adding(milliseconds: Int64($0))) })
        store.close()
        let relay = try NotificationRelay(path: path, retention: NotificationRetention(perUser: 3), log: ServerLog(level: .warning))
        let delivered = Mutex(0)
        relay.post([draft(1, at: now.adding(milliseconds: 10))]) { stored in delivered.withLock { $0 += stored.count } }
        #expect(await eventually { delivered.withLock { $0 } == 1 })
        relay.finishWrites()
        let kept = try relay.store.newest(for: UserID(rawValue: 1), limit: 10)
        relay.close()
        #expect(kept.map(\.createdAt.millisecondsSinceEpoch) == [10, 4, 3].map { now.millisecondsSinceEpoch + $0 })
    }
}
