/// One entry as a log page serves it: its seq, its canonical bytes and the hash the house states.
/// Nothing in it is trusted until `LotLogVerifier` has checked it.
public struct ServedEntry: Hashable, Sendable {
    /// The seq the page gives it.
    public var seq: UInt64
    /// Its canonical bytes (the `entry` field, hex-decoded).
    public var bytes: [UInt8]
    /// The hash the house states for it.
    public var hash: [UInt8]

    /// Creates a served entry.
    public init(seq: UInt64, bytes: [UInt8], hash: [UInt8]) {
        self.seq = seq
        self.bytes = bytes
        self.hash = hash
    }

    /// An entry as the house would serve it, chained and all (tests and the server's own pages).
    public init(_ chained: ChainedEntry) {
        self.init(seq: chained.entry.seq, bytes: chained.bytes, hash: chained.hash)
    }
}
