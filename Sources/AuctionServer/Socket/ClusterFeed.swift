import AuctionCore

/// What the loop keeps of the cluster's feed (loop thread): which notices and chat messages it pushed
/// lately and which closes it announced, so that what reaches it by two paths (its own store write,
/// then the store's notification) goes out once; and other nodes' bid reads parked while this node's
/// own bids on their lots await their commit.
struct ClusterFeed {
    /// Notices pushed lately.
    private var deliveredNotices = RecentIDs()
    /// Chat messages pushed lately from a shared store's notifications.
    private var deliveredChat = RecentIDs()
    /// Products whose close this node has announced (push 5 goes out once per node, whoever recorded it).
    private var announcedCloses = Set<ProductID>()
    /// Other nodes' bids read while this node's own bids on the lot await their commit.
    private var parked: [ProductID: RemoteBids] = [:]

    /// Whether notice `id` goes out now: true the first time it is offered lately.
    mutating func deliversNotice(_ id: Int64) -> Bool {
        deliveredNotices.insert(id)
    }

    /// Whether the chat message with store sequence `sequence` goes out now: true the first time lately.
    mutating func deliversChat(_ sequence: Int64) -> Bool {
        deliveredChat.insert(sequence)
    }

    /// Whether the close of `id` is announced now: true the first time; later calls find it announced.
    mutating func announces(_ id: ProductID) -> Bool {
        announcedCloses.insert(id).inserted
    }

    /// Whether the close of `id` was announced (or must never be: it ended before this node knew it).
    func hasAnnounced(_ id: ProductID) -> Bool {
        announcedCloses.contains(id)
    }

    /// Parks another node's read of a lot, merged with one parked before.
    mutating func park(_ remote: RemoteBids) {
        let id = remote.lot.productID
        parked[id] = parked[id].map { $0.merged(with: remote) } ?? remote
    }

    /// Whether any read is parked.
    var hasParked: Bool { !parked.isEmpty }

    /// Takes the parked reads of lots `ready` says may be adopted now, in product order.
    mutating func takeParked(where ready: (ProductID) -> Bool) -> [RemoteBids] {
        let taken = parked.filter { ready($0.key) }.sorted { $0.key < $1.key }
        for (id, _) in taken { parked[id] = nil }
        return taken.map(\.value)
    }
}
