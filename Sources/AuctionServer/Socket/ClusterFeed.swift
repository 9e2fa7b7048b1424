import AuctionCore

/// What the loop keeps of the cluster's feed (loop thread): which notices and chat messages it pushed
/// lately and which closes it announced, so that what reaches it by two paths (its own store write,
/// then the store's notification) goes out once (other nodes' bid reads wait in the bid path).
struct ClusterFeed {
    /// Notices pushed lately.
    private var deliveredNotices = RecentIDs()
    /// Chat messages pushed lately from a shared store's notifications.
    private var deliveredChat = RecentIDs()
    /// Products whose close this node has announced (push 5 goes out once per node, whoever recorded it).
    private var announcedCloses = Set<ProductID>()

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
}
