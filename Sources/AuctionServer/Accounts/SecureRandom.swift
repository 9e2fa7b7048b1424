import AuctionInfrastructure

/// Cryptographically secure random bytes from the kernel (`SystemRandom`: `getrandom(2)`, or
/// `/dev/urandom` read in full where that call is missing), failures as `AccountError`.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) throws(AccountError) -> [UInt8] {
        do throws(Errno) {
            return try SystemRandom.bytes(count)
        } catch {
            throw AccountError.system("getrandom failed (errno \(error.rawValue))")
        }
    }
}
