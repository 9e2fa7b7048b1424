import AuctionInfrastructure

/// The idempotency keys a client puts on bids and buys: 16 bytes from the system's random source
/// as 32 hex digits (within `IdempotencyKeyRule`'s 1–64 printable bytes). A retry of the same
/// request carries the same key, so the server answers it with the first outcome instead of acting twice.
public enum IdempotencyKey {
    /// How many random bytes a key holds.
    public static let randomBytes = 16

    /// A fresh key; `Errno` only when the kernel cannot give random bytes.
    public static func fresh() throws(Errno) -> String { try SystemRandom.hex(randomBytes) }
}
