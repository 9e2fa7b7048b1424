import AuctionBidding
import AuctionCore
import Testing

/// The bounded map of idempotency keys, without a socket.
@Suite struct IdempotencyKeysTests {
    typealias Keys = IdempotencyKeys<Request, Int, String>

    /// A request named by a product number.
    struct Request: IdempotentRequest {
        var product: Int

        func repeats(_ original: Request) -> Bool { product == original.product }
    }

    static let one = Request(product: 1)
    static let alice = UserID(rawValue: 1)

    @Test func aRetryWaitsWhilePendingThenGetsTheAnswer() {
        var keys = Keys(lifetimeMilliseconds: 1_000, perUser: 10, inAll: 100)
        let key = Keys.Key(user: Self.alice, key: "k")
        let now = Timestamp(millisecondsSinceEpoch: 0)
        guard case .new = keys.begin(key, request: Self.one, waiter: "first", now: now) else { Issue.record("not new"); return }
        guard case .waiting = keys.begin(key, request: Self.one, waiter: "retry", now: now) else { Issue.record("not waiting"); return }
        #expect(keys.settle(key, request: Self.one, answer: 7, now: now) == ["retry"])
        guard case .answered(7) = keys.begin(key, request: Self.one, waiter: "later", now: Timestamp(millisecondsSinceEpoch: 999)) else {
            Issue.record("not answered"); return
        }
        guard case .new = keys.begin(key, request: Self.one, waiter: "expired", now: Timestamp(millisecondsSinceEpoch: 1_000)) else {
            Issue.record("did not expire"); return
        }
    }

    @Test func aKeyNamesOneRequestPendingOrSettled() {
        var keys = Keys(lifetimeMilliseconds: 1_000, perUser: 10, inAll: 100)
        let key = Keys.Key(user: Self.alice, key: "k"), other = Request(product: 2)
        let now = Timestamp(millisecondsSinceEpoch: 0)
        guard case .new = keys.begin(key, request: Self.one, waiter: "first", now: now) else { Issue.record("not new"); return }
        guard case .reused = keys.begin(key, request: other, waiter: "other", now: now) else { Issue.record("pending reuse taken"); return }
        #expect(keys.settle(key, request: Self.one, answer: 7, now: now).isEmpty)  // the refused one never waits
        guard case .reused = keys.begin(key, request: other, waiter: "other", now: now) else { Issue.record("settled reuse taken"); return }
        guard case .answered(7) = keys.begin(key, request: Self.one, waiter: "same", now: now) else { Issue.record("not answered"); return }
        // Expired, the key is free for any request.
        guard case .new = keys.begin(key, request: other, waiter: "", now: Timestamp(millisecondsSinceEpoch: 1_000)) else {
            Issue.record("did not expire"); return
        }
    }

    @Test func keysAreBoundedPerUserAndInAllByRefusingNewOnesNotByForgetting() {
        var keys = Keys(lifetimeMilliseconds: 1_000_000, perUser: 3, inAll: 5)
        let now = Timestamp(millisecondsSinceEpoch: 0)
        for index in 0..<3 {
            let key = Keys.Key(user: Self.alice, key: "a\(index)")
            guard case .new = keys.begin(key, request: Self.one, waiter: "", now: now) else { Issue.record("a\(index) not new"); return }
            _ = keys.settle(key, request: Self.one, answer: index, now: now)
        }
        guard case .full = keys.begin(Keys.Key(user: Self.alice, key: "a3"), request: Self.one, waiter: "", now: now) else {
            Issue.record("a fourth key of one user was not refused"); return
        }
        #expect(keys.count == 3)
        for user in 2...3 {
            let key = Keys.Key(user: UserID(rawValue: Int64(user)), key: "b")
            _ = keys.begin(key, request: Self.one, waiter: "", now: now)
            _ = keys.settle(key, request: Self.one, answer: user, now: now)
        }
        #expect(keys.count == 5)
        guard case .full = keys.begin(Keys.Key(user: UserID(rawValue: 4), key: "b"), request: Self.one, waiter: "", now: now) else {
            Issue.record("a key past the server's bound was not refused"); return
        }
        // Nothing held was forgotten: the first key still answers (a retry never meets its stored row).
        guard case .answered(0) = keys.begin(Keys.Key(user: Self.alice, key: "a0"), request: Self.one, waiter: "", now: now) else {
            Issue.record("the oldest key was forgotten"); return
        }
        // Once they expire, new keys are taken again.
        guard case .new = keys.begin(Keys.Key(user: Self.alice, key: "a3"), request: Self.one, waiter: "", now: Timestamp(millisecondsSinceEpoch: 1_000_000)) else {
            Issue.record("no room after expiry"); return
        }
    }
}
