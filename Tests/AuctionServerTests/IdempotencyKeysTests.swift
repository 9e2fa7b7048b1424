import AuctionCore
@testable import AuctionServer
import Testing

/// The bounded map of idempotency keys, without a socket.
@Suite struct IdempotencyKeysTests {
    typealias Keys = IdempotencyKeys<Int, String>
    static let alice = UserID(rawValue: 1)

    @Test func aRetryWaitsWhilePendingThenGetsTheAnswer() {
        var keys = Keys(lifetimeMilliseconds: 1_000, perUser: 10, inAll: 100)
        let key = Keys.Key(user: Self.alice, key: "k")
        let now = Timestamp(millisecondsSinceEpoch: 0)
        guard case .new = keys.begin(key, waiter: "first", now: now) else { Issue.record("not new"); return }
        guard case .waiting = keys.begin(key, waiter: "retry", now: now) else { Issue.record("not waiting"); return }
        #expect(keys.settle(key, answer: 7, now: now) == ["retry"])
        guard case .answered(7) = keys.begin(key, waiter: "later", now: Timestamp(millisecondsSinceEpoch: 999)) else {
            Issue.record("not answered"); return
        }
        guard case .new = keys.begin(key, waiter: "expired", now: Timestamp(millisecondsSinceEpoch: 1_000)) else {
            Issue.record("did not expire"); return
        }
    }

    @Test func keysAreBoundedPerUserAndInAllByRefusingNewOnesNotByForgetting() {
        var keys = Keys(lifetimeMilliseconds: 1_000_000, perUser: 3, inAll: 5)
        let now = Timestamp(millisecondsSinceEpoch: 0)
        for index in 0..<3 {
            let key = Keys.Key(user: Self.alice, key: "a\(index)")
            guard case .new = keys.begin(key, waiter: "", now: now) else { Issue.record("a\(index) not new"); return }
            _ = keys.settle(key, answer: index, now: now)
        }
        guard case .full = keys.begin(Keys.Key(user: Self.alice, key: "a3"), waiter: "", now: now) else {
            Issue.record("a fourth key of one user was not refused"); return
        }
        #expect(keys.count == 3)
        for user in 2...3 {
            let key = Keys.Key(user: UserID(rawValue: Int64(user)), key: "b")
            _ = keys.begin(key, waiter: "", now: now)
            _ = keys.settle(key, answer: user, now: now)
        }
        #expect(keys.count == 5)
        guard case .full = keys.begin(Keys.Key(user: UserID(rawValue: 4), key: "b"), waiter: "", now: now) else {
            Issue.record("a key past the server's bound was not refused"); return
        }
        // Nothing held was forgotten: the first key still answers (a retry never meets its stored row).
        guard case .answered(0) = keys.begin(Keys.Key(user: Self.alice, key: "a0"), waiter: "", now: now) else {
            Issue.record("the oldest key was forgotten"); return
        }
        // Once they expire, new keys are taken again.
        guard case .new = keys.begin(Keys.Key(user: Self.alice, key: "a3"), waiter: "", now: Timestamp(millisecondsSinceEpoch: 1_000_000)) else {
            Issue.record("no room after expiry"); return
        }
    }
}
