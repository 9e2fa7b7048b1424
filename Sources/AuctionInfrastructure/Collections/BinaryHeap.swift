/// A binary min-heap: `pop` returns the smallest element (ties go to whichever `<` puts first).
/// Used for deadlines by the event loop's timers and by `CorrelationTable`.
struct BinaryHeap<Element: Comparable> {
    private var items: [Element] = []

    /// An empty heap.
    init() {}

    /// A heap of `unordered` elements, built in linear time.
    init(_ unordered: [Element]) {
        items = unordered
        heapify()
    }

    /// The number of elements.
    var count: Int { items.count }

    /// Whether the heap is empty.
    var isEmpty: Bool { items.isEmpty }

    /// The smallest element, if any.
    var peek: Element? { items.first }

    /// Adds an element.
    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { return }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element.
    @discardableResult
    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let element = items.removeLast()
        siftDown(0)
        return element
    }

    /// Drops every element for which `shouldRemove` is true, then restores heap order.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        items.removeAll(where: shouldRemove)
        heapify()
    }

    /// Drops every element.
    mutating func removeAll() { items.removeAll() }

    private mutating func heapify() {
        var index = items.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            var smallest = left
            if left + 1 < items.count, items[left + 1] < items[left] { smallest = left + 1 }
            guard items[smallest] < items[parent] else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

extension BinaryHeap: Sendable where Element: Sendable {}
