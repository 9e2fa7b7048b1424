/// The hash chain: entry n's hash is SHA-256 over entry n−1's hash and entry n's canonical bytes;
/// the first entry's predecessor is 32 zero bytes.
public enum LotLogChain {
    /// The hash before a lot's first entry.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    /// The hash of `entry` after `previous`.
    public static func hash(of entry: [UInt8], after previous: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(previous)
        hasher.update(entry)
        return hasher.finalize()
    }
}

/// An entry with its canonical bytes and its hash in the chain, as stored and served.
public struct ChainedEntry: Hashable, Sendable {
    /// The entry.
    public var entry: LotLogEntry
    /// Its canonical bytes.
    public var bytes: [UInt8]
    /// Its hash in the lot's chain.
    public var hash: [UInt8]

    /// Chains `entry` after the hash `previous`.
    public init(_ entry: LotLogEntry, after previous: [UInt8]) {
        self.entry = entry
        bytes = entry.canonicalBytes
        hash = LotLogChain.hash(of: bytes, after: previous)
    }

    /// An entry as read back with its stored bytes and hash (checked by the verifier, not here).
    public init(entry: LotLogEntry, bytes: [UInt8], hash: [UInt8]) {
        self.entry = entry
        self.bytes = bytes
        self.hash = hash
    }
}
