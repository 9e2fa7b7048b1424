import AuctionCore

/// What an idempotency key names: a retry must name the same request.
public protocol IdempotentRequest {
    /// Whether this request is `original` again (a retry), not a different one under the same key.
    func repeats(_ original: Self) -> Bool
}

/// The outcomes of recent bids by idempotency key, so that a retried bid or buy gets its first
/// answer again instead of a second bid (loop thread; a plain value, tested without a socket).
///
/// A key names one request: a request that reuses it for something else (`IdempotentRequest.repeats`
/// says no) is `reused`, answered at once, and changes nothing.
///
/// A key is *pending* from the moment its bid is decided until its commit answers; a retry that
/// arrives meanwhile waits (`Waiter`) and is answered with the original. A *settled* key answers
/// at once for `lifetimeMilliseconds` by the server's clock. Memory is bounded: at most
/// `perUser` settled keys per user and `inAll` in all. A key is never forgotten before it expires
/// (a forgotten accepted key would make its retry collide with its row in `bids` and fail the
/// whole commit group, other bidders' bids included): past a bound, a *new* key is refused
/// (`full`, answered `rate_limited`) until old ones expire.
public struct IdempotencyKeys<Request: IdempotentRequest, Answer, Waiter> {
    /// A user's key.
    public struct Key: Hashable, Sendable {
        /// Whose key it is.
        public var user: UserID
        /// The key's text.
        public var key: String

        /// `user`'s key `key`.
        public init(user: UserID, key: String) {
            self.user = user
            self.key = key
        }
    }

    /// What `begin` found.
    public enum Begin {
        /// A new key: decide the bid, then `settle` it.
        case new
        /// The key's bid is still committing: the waiter is answered by `settle`.
        case waiting
        /// The key was used recently: this is its answer.
        case answered(Answer)
        /// A new key, but the user (or the server) holds as many keys as it may: refuse the request.
        case full
        /// The key names a different request (pending or settled): refuse this one, change nothing.
        case reused
    }

    private enum State {
        case pending(Request, [Waiter])
        case settled(Request, Answer, expiresAt: Timestamp)
    }

    /// How long a settled key answers.
    public let lifetimeMilliseconds: Int64
    /// Settled keys kept per user.
    public let perUser: Int
    /// Settled keys kept in all.
    public let inAll: Int
    private var states: [Key: State] = [:]
    /// Settled keys, oldest first (entries whose key was forgotten or settled again are skipped).
    private var order: [(key: Key, expiresAt: Timestamp)] = []
    private var orderStart = 0
    private var settledCount = 0
    private var settledByUser: [UserID: [String]] = [:]

    /// Empty, with its bounds.
    public init(lifetimeMilliseconds: Int64, perUser: Int, inAll: Int) {
        self.lifetimeMilliseconds = lifetimeMilliseconds
        self.perUser = max(1, perUser)
        self.inAll = max(1, inAll)
    }

    /// How many keys are settled now (for tests and `/health`).
    public var count: Int { settledCount }

    /// Looks a key up as `request` arrives; a new key becomes pending.
    public mutating func begin(_ key: Key, request: Request, waiter: Waiter, now: Timestamp) -> Begin {
        switch states[key] {
        case .pending(let original, _) where !request.repeats(original):
            return .reused
        case .pending(let original, var waiters):
            waiters.append(waiter)
            states[key] = .pending(original, waiters)
            return .waiting
        case .settled(let original, _, let expiresAt) where expiresAt > now && !request.repeats(original):
            return .reused
        case .settled(_, let answer, let expiresAt) where expiresAt > now:
            return .answered(answer)
        case .settled:
            forget(key)
            return admitNew(key, request: request, now: now)
        case nil:
            return admitNew(key, request: request, now: now)
        }
    }

    /// A key not held now: pending when both bounds leave room, else `full`.
    private mutating func admitNew(_ key: Key, request: Request, now: Timestamp) -> Begin {
        trim(now: now)
        guard settledCount < inAll, (settledByUser[key.user]?.count ?? 0) < perUser else { return .full }
        states[key] = .pending(request, [])
        return .new
    }

    /// Records a key's answer to `request`; returns the retries that waited for it.
    public mutating func settle(_ key: Key, request: Request, answer: Answer, now: Timestamp) -> [Waiter] {
        var waiters: [Waiter] = []
        switch states[key] {
        case .pending(_, let waiting): waiters = waiting
        case .settled: forget(key)
        case nil: break
        }
        let expiresAt = Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch &+ lifetimeMilliseconds)
        states[key] = .settled(request, answer, expiresAt: expiresAt)
        settledCount += 1
        order.append((key, expiresAt))
        settledByUser[key.user, default: []].append(key.key)
        trim(now: now)
        return waiters
    }

    /// Drops a pending key without an answer (its bid never reached a decision worth keeping).
    public mutating func abandon(_ key: Key) -> [Waiter] {
        guard case .pending(_, let waiters) = states[key] else { return [] }
        states[key] = nil
        return waiters
    }

    /// Forgets expired keys (oldest first; `order` is by expiry, as every key lives as long).
    private mutating func trim(now: Timestamp) {
        while orderStart < order.count {
            let (key, expiresAt) = order[orderStart]
            guard case .settled(_, _, let current) = states[key], current == expiresAt else {
                orderStart += 1  // already forgotten or settled again later
                continue
            }
            guard expiresAt <= now else { break }
            forget(key)
            orderStart += 1
        }
        if orderStart > 1_024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    private mutating func forget(_ key: Key) {
        guard case .settled = states[key] else { return }
        states[key] = nil
        settledCount -= 1
        if var mine = settledByUser[key.user], let index = mine.firstIndex(of: key.key) {
            mine.remove(at: index)
            settledByUser[key.user] = mine.isEmpty ? nil : mine
        }
    }
}

