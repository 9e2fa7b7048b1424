@testable import AuctionInfrastructure
import Testing

@Suite struct BinaryHeapTests {
    @Test func popsInOrderWhateverThePushOrder() {
        var generator = SplitMix64(seed: 10)
        let values = (0..<500).map { _ in Int.random(in: -50...50, using: &generator) }
        var heap = BinaryHeap<Int>()
        for value in values { heap.push(value) }
        var popped: [Int] = []
        while let value = heap.pop() { popped.append(value) }
        #expect(popped == values.sorted())
        #expect(heap.isEmpty && heap.peek == nil)
    }

    @Test func buildsFromAnArrayAndDropsWhatIsAskedFor() {
        var heap = BinaryHeap([9, 3, 7, 1, 8, 2])
        #expect(heap.peek == 1 && heap.count == 6)
        heap.removeAll { $0 % 2 == 1 }
        var popped: [Int] = []
        while let value = heap.pop() { popped.append(value) }
        #expect(popped == [2, 8])
    }
}
