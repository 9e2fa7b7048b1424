import AuctionCore

/// Who watches which prices: each connection's list state (the original's rule) and its
/// subscriptions (our extension), arranged so that finding a push's recipients is cheap.
///
/// Connections are kept in buckets by pages loaded, so the recipients of a change at page `g` are
/// whole buckets `g…` read front to back, with no per-push scan of non-qualifying watchers and no
/// dictionary work; subscribers of the product follow, skipping those the list state already covers.
/// Connections appear on their first report or subscription; call `remove(_:)` on disconnect.
public struct WatcherRegistry: Sendable {
    /// Limits that keep a hostile client from costing unbounded memory.
    public struct Configuration: Sendable, Hashable {
        /// Page counts above this share one bucket whose members are checked one by one.
        public var bucketedPages: Int = 256
        /// Subscriptions a connection may hold.
        public var maximumSubscriptionsPerConnection: Int = 1_024
        /// Upper bound applied to a reported `stateNumber` before the rule runs (guards overflow).
        public var maximumStateNumber: Int = 1_000_000

        /// The defaults.
        public init() {}
    }

    private struct Slot: Sendable {
        var id: ConnectionID
        var listState = ListState()
        var bucket = 0
        var indexInBucket = 0
        var subscriptions: Set<ProductID> = []
        /// The lots on the connection's query pages (request 13); pushed like subscriptions.
        var queryProducts: Set<ProductID> = []
    }

    private struct BucketEntry: Sendable {
        var id: ConnectionID
        var slot: Int
        var pagesLoaded: Int
    }

    private let configuration: Configuration
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var slotByID: [ConnectionID: Int] = [:]
    /// `buckets[b]`: connections with exactly `b` pages (for `b < bucketedPages`), or at least
    /// `bucketedPages` in the last bucket. Bucket 0 (no list state) is never filled.
    private var buckets: [[BucketEntry]]
    private var highestBucketInUse = 0
    private var subscribers: [ProductID: [Int]] = [:]

    /// An empty registry.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        buckets = Array(repeating: [], count: max(1, configuration.bucketedPages) + 1)
    }

    /// How many connections are known.
    public var count: Int { slotByID.count }

    /// A connection's list state (empty for an unknown connection).
    public func listState(of connection: ConnectionID) -> ListState {
        slotByID[connection].map { slots[$0].listState } ?? ListState()
    }

    /// The products a connection subscribed to.
    public func subscriptions(of connection: ConnectionID) -> Set<ProductID> {
        slotByID[connection].map { slots[$0].subscriptions } ?? []
    }

    /// Applies a list-state report (the original's rule); returns the reply it gives.
    public mutating func report(stateNumber: Int, productCount: Int, for connection: ConnectionID) -> Bool {
        let slot = slotFor(connection)
        let clamped = min(stateNumber, configuration.maximumStateNumber)
        if !slots[slot].queryProducts.isEmpty {  // a plain list state replaces a query state
            for id in slots[slot].queryProducts where !slots[slot].subscriptions.contains(id) { dropSubscriber(slot, of: id) }
            slots[slot].queryProducts = []
        }
        let accepted = slots[slot].listState.report(stateNumber: clamped, productCount: productCount)
        move(slot, toPages: slots[slot].listState.pagesLoaded)
        return accepted
    }

    /// Adds subscriptions; false (and nothing added) when they would pass the per-connection limit.
    public mutating func subscribe(_ ids: some Collection<ProductID>, for connection: ConnectionID) -> Bool {
        let slot = slotFor(connection)
        let fresh = Set(ids).subtracting(slots[slot].subscriptions)
        guard slots[slot].subscriptions.count + fresh.count <= configuration.maximumSubscriptionsPerConnection else {
            return false
        }
        for id in fresh {
            slots[slot].subscriptions.insert(id)
            if !slots[slot].queryProducts.contains(id) { subscribers[id, default: []].append(slot) }
        }
        return true
    }

    /// Removes subscriptions (unknown ids are ignored).
    public mutating func unsubscribe(_ ids: some Collection<ProductID>, for connection: ConnectionID) {
        guard let slot = slotByID[connection] else { return }
        for id in ids where slots[slot].subscriptions.remove(id) != nil && !slots[slot].queryProducts.contains(id) {
            dropSubscriber(slot, of: id)
        }
    }

    /// Makes a connection's list state follow a query (request 13): its plain pages are dropped and
    /// exactly `ids` (the query's pages when it asked) get pushes from now on, beside its subscriptions.
    /// False (and nothing changed) when there are more ids than a connection may subscribe to.
    public mutating func followQuery(_ ids: Set<ProductID>, for connection: ConnectionID) -> Bool {
        guard ids.count <= configuration.maximumSubscriptionsPerConnection else { return false }
        let slot = slotFor(connection)
        slots[slot].listState = ListState()
        move(slot, toPages: 0)
        let old = slots[slot].queryProducts
        for id in old.subtracting(ids) where !slots[slot].subscriptions.contains(id) { dropSubscriber(slot, of: id) }
        for id in ids.subtracting(old) where !slots[slot].subscriptions.contains(id) { subscribers[id, default: []].append(slot) }
        slots[slot].queryProducts = ids
        return true
    }

    /// The lots a connection's query state holds.
    public func queryProducts(of connection: ConnectionID) -> Set<ProductID> {
        slotByID[connection].map { slots[$0].queryProducts } ?? []
    }

    /// Forgets a connection (on disconnect).
    public mutating func remove(_ connection: ConnectionID) {
        guard let slot = slotByID.removeValue(forKey: connection) else { return }
        move(slot, toPages: 0)
        for id in slots[slot].subscriptions.union(slots[slot].queryProducts) { dropSubscriber(slot, of: id) }
        slots[slot] = Slot(id: connection)
        freeSlots.append(slot)
    }

    /// Calls `body` once for each connection that must get a change of the product at this 1-based
    /// catalogue position: list states holding its page, then subscribers not already covered.
    public func forEachRecipient(ofPosition position: Int, productID: ProductID, _ body: (ConnectionID) -> Void) {
        let page = position >= 1 ? ListState.page(ofPosition: position) : Int.max
        forEachListWatcher(loadingAtLeast: page) { id, _ in body(id) }
        forEachSubscriber(of: productID, beyondPage: page, body)
    }

    /// Calls `body` with each connection whose list state holds at least `pages` pages, and its page
    /// count: whole buckets read front to back, so the cost is the number of such connections.
    public func forEachListWatcher(loadingAtLeast pages: Int, _ body: (ConnectionID, Int) -> Void) {
        let page = max(1, pages)
        let top = buckets.count - 1
        if page < top {
            var bucket = page
            while bucket <= min(highestBucketInUse, top - 1) {
                for entry in buckets[bucket] { body(entry.id, entry.pagesLoaded) }
                bucket += 1
            }
        }
        if highestBucketInUse >= top {
            for entry in buckets[top] where entry.pagesLoaded >= page { body(entry.id, entry.pagesLoaded) }
        }
    }

    /// Calls `body` with each subscriber of `productID` whose list state does not reach `page` (those
    /// whose list state holds the page get the change through it).
    public func forEachSubscriber(of productID: ProductID, beyondPage page: Int, _ body: (ConnectionID) -> Void) {
        guard let list = subscribers[productID] else { return }
        for slot in list where slots[slot].listState.pagesLoaded < page { body(slots[slot].id) }
    }

    /// The recipients of a change, each once (allocates; the hot path uses `forEachRecipient`).
    public func recipients(ofPosition position: Int, productID: ProductID) -> [ConnectionID] {
        var result: [ConnectionID] = []
        forEachRecipient(ofPosition: position, productID: productID) { result.append($0) }
        return result
    }

    /// Fills a reused array with the recipients of a change (cleared first, capacity kept).
    public func recipients(ofPosition position: Int, productID: ProductID, into result: inout [ConnectionID]) {
        result.removeAll(keepingCapacity: true)
        forEachRecipient(ofPosition: position, productID: productID) { result.append($0) }
    }

    private mutating func slotFor(_ connection: ConnectionID) -> Int {
        if let slot = slotByID[connection] { return slot }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = Slot(id: connection)
        } else {
            slot = slots.count
            slots.append(Slot(id: connection))
        }
        slotByID[connection] = slot
        return slot
    }

    /// Moves a connection to the bucket for its page count (0 means no bucket).
    private mutating func move(_ slot: Int, toPages pages: Int) {
        let target = min(pages, buckets.count - 1)
        let current = slots[slot].bucket
        if current == target {
            if current > 0 { buckets[current][slots[slot].indexInBucket].pagesLoaded = pages }
            return
        }
        if current > 0 {
            let index = slots[slot].indexInBucket
            buckets[current].swapAt(index, buckets[current].count - 1)
            buckets[current].removeLast()
            if index < buckets[current].count { slots[buckets[current][index].slot].indexInBucket = index }
        }
        slots[slot].bucket = target
        if target > 0 {
            slots[slot].indexInBucket = buckets[target].count
            buckets[target].append(BucketEntry(id: slots[slot].id, slot: slot, pagesLoaded: pages))
            highestBucketInUse = max(highestBucketInUse, target)
        }
        while highestBucketInUse > 0 && buckets[highestBucketInUse].isEmpty { highestBucketInUse -= 1 }
    }

    private mutating func dropSubscriber(_ slot: Int, of id: ProductID) {
        guard var list = subscribers.removeValue(forKey: id) else { return }
        if let index = list.firstIndex(of: slot) { list.swapAt(index, list.count - 1); list.removeLast() }
        if !list.isEmpty { subscribers[id] = list }
    }
}
