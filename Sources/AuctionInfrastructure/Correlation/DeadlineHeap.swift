/// A binary min-heap of deadlines (ties broken by registration order), used by `CorrelationTable`.
struct DeadlineHeap: Sendable {
    struct Item: Sendable {
        var deadline: Int64
        var id: Int64
        var serial: UInt64

        func precedes(_ other: Item) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : serial < other.serial
        }
    }

    private var items: [Item] = []

    init() {}

    init(_ unordered: [Item]) {
        items = unordered
        var index = items.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    var count: Int { items.count }
    var peek: Item? { items.first }

    mutating func push(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func pop() -> Item? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let item = items.removeLast()
        siftDown(0)
        return item
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            var smallest = left
            if left + 1 < items.count && items[left + 1].precedes(items[left]) { smallest = left + 1 }
            guard items[smallest].precedes(items[parent]) else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
