import AuctionCore

/// Keeps each product's price pushes in store order across reconnects and nodes (a value; no I/O).
///
/// A push carrying `seq` is applied only when its sequence is above the last one applied for that
/// product: a lower or equal one is stale (late from a node the client left, or a node that is behind)
/// and is dropped. A push without `seq` (the original backend, older servers) is always applied. The
/// sequences are kept across reconnects, so nothing buffered on the old node can move a price back.
/// At most `capacity` products are remembered (a server cannot grow it without bound): past that, a
/// push for a product not yet remembered is applied without being recorded.
public struct PriceSequenceFilter: Hashable, Sendable {
    /// The most products whose last sequence is remembered (twice the 100,000-lot catalogue the server is sized for).
    public static let defaultCapacity = 200_000

    /// The last sequence applied, by product (only products whose pushes carried one).
    public private(set) var lastApplied: [ProductID: Int64] = [:]
    /// The most products remembered.
    public let capacity: Int

    /// An empty filter: every product's next push is applied.
    public init(capacity: Int = PriceSequenceFilter.defaultCapacity) { self.capacity = max(0, capacity) }

    /// Whether `update` should be applied; records its sequence when it is.
    public mutating func admits(_ update: PriceUpdate) -> Bool {
        guard let sequence = update.sequence else { return true }
        if let last = lastApplied[update.productID] {
            guard sequence > last else { return false }
        } else if lastApplied.count >= capacity {
            return true
        }
        lastApplied[update.productID] = sequence
        return true
    }
}
