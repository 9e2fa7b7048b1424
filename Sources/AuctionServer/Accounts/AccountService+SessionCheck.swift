import AuctionCore

/// Session re-checks split for the socket loop: the memory half it may ask, the store half a worker runs.
extension AccountService {
    /// What memory alone says of a session resolved earlier (`confirmSessionFromMemory`).
    public enum MemoryConfirmation: Equatable, Sendable {
        /// It holds under this generation.
        case confirmed(Int)
        /// It expired or was revoked.
        case ended
        /// The generation moved on (a new re-check period, or a revocation table overflow): read the store.
        case needsStore
    }

    /// `confirmSession` without the store: what memory says at `now` of the session (by its token's hash)
    /// confirmed under `generation`. Never reads the store, so the loop may ask it before every bid.
    public func confirmSessionFromMemory(tokenHash: String, expiresAt: Timestamp, generation: Int,
                                         now: Timestamp) -> MemoryConfirmation {
        guard now < expiresAt else { return .ended }
        guard !revocations.withLock({ $0.isRevoked(SessionToken.revocationKey(ofHash: tokenHash)) }) else { return .ended }
        let current = currentGeneration(now: now)
        return current == generation ? .confirmed(current) : .needsStore
    }

    /// Reads the session from the store at `now` and, while it holds, returns the generation of the
    /// period at `ahead` (a worker re-checks before a period starts, so bids in it need no store read);
    /// nil once it expired or was revoked, or the store fails.
    public func confirmSession(tokenHash: String, expiresAt: Timestamp, now: Timestamp, ahead: Timestamp) -> Int? {
        guard now < expiresAt else { return nil }
        guard !revocations.withLock({ $0.isRevoked(SessionToken.revocationKey(ofHash: tokenHash)) }) else { return nil }
        let generation = currentGeneration(now: now < ahead ? ahead : now)  // before the read, as `user(forToken:)` does
        guard let session = try? store.session(tokenHash: tokenHash), session.isValid(at: now) else { return nil }
        return generation
    }
}
