import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The price pushes of one commit group, each encoded once, laid end to end in one buffer ordered
/// by catalogue page (stable, so one product's pushes keep their order).
///
/// A watcher with `n` pages loaded gets exactly the pushes of pages `1…n`: a prefix of the buffer,
/// written with one call instead of one queue operation per push.
struct PushGroup {
    /// One push: its product, page (`Int.max` when the product has no catalogue position) and frame.
    struct Item {
        var update: PriceUpdate
        var page: Int
        var frame: [UInt8]
        /// Where the frame sits in `bytes`.
        var end: Int
    }

    /// The items in buffer order (by page, then acceptance).
    private(set) var items: [Item] = []
    /// Every frame, end to end, in `items` order.
    private(set) var bytes: [UInt8] = []

    /// Encodes `updates` (price change, 1-based catalogue position) once each.
    init(_ updates: some Sequence<(PriceUpdate, Int)>) {
        for (update, position) in updates {
            let page = position >= 1 ? ListState.page(ofPosition: position) : Int.max
            items.append(Item(update: update, page: page,
                              frame: FrameEncoder.encode(ServerMessage.price(update).frame), end: 0))
        }
        // Insertion sort: stable, and groups are small and usually already in few pages.
        var index = 1
        while index < items.count {
            var slot = index
            while slot > 0, items[slot - 1].page > items[slot].page {
                items.swapAt(slot - 1, slot)
                slot -= 1
            }
            index += 1
        }
        bytes.reserveCapacity(items.reduce(0) { $0 + $1.frame.count })
        for index in items.indices {
            bytes.append(contentsOf: items[index].frame)
            items[index].end = bytes.count
        }
    }

    /// No pushes (filled by `stating(_:)`).
    private init() {}

    /// The same pushes, in the same order and pages, each with `next_minimum` set from `minimum`
    /// (for connections whose hello named `next-minimum`).
    func stating(_ minimum: (PriceUpdate) -> Money?) -> PushGroup {
        var copy = PushGroup()
        copy.items.reserveCapacity(items.count)
        copy.bytes.reserveCapacity(bytes.count + 24 * items.count)
        for item in items {
            var update = item.update
            update.nextMinimum = minimum(update)
            let frame = FrameEncoder.encode(ServerMessage.price(update).frame)
            copy.bytes.append(contentsOf: frame)
            copy.items.append(Item(update: update, page: item.page, frame: frame, end: copy.bytes.count))
        }
        return copy
    }

    /// How many leading items a watcher with `pages` pages loaded gets through its list state.
    func prefixCount(forPages pages: Int) -> Int {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].page <= pages { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The buffer length holding the first `count` items.
    func byteCount(ofPrefix count: Int) -> Int {
        count == 0 ? 0 : items[count - 1].end
    }
}
