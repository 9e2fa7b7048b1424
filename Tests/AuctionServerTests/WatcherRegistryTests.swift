import AuctionCore
import AuctionEngine
import AuctionServer
import Testing

@Suite struct WatcherRegistryTests {
    private let one = ConnectionID(1)
    private let two = ConnectionID(2)
    private let silent = ConnectionID(3)

    @Test func clientWithOnePageDoesNotGetProductSixteen() {
        var registry = WatcherRegistry()
        let answer1 = registry.report(stateNumber: 0, productCount: 60, for: one)
        #expect(answer1)
        let answer2 = registry.report(stateNumber: 1, productCount: 60, for: two)
        #expect(answer2)
        #expect(registry.recipients(ofPosition: 16, productID: 16) == [two])
        #expect(Set(registry.recipients(ofPosition: 15, productID: 15)) == [one, two])
    }

    @Test func clientWithNoListStateGetsNothing() {
        var registry = WatcherRegistry()
        _ = registry.report(stateNumber: 3, productCount: 60, for: one)
        let answer3 = registry.subscribe([], for: silent)
        #expect(answer3)
        for position in 1...60 {
            #expect(!registry.recipients(ofPosition: position, productID: ProductID(position)).contains(silent))
        }
        #expect(registry.recipients(ofPosition: 61, productID: 61).isEmpty)
    }

    @Test func subscribersGetTheirProductsOnceEvenWhenTheListCoversThem() {
        var registry = WatcherRegistry()
        let answer4 = registry.subscribe([40, 7], for: silent)
        #expect(answer4)
        _ = registry.report(stateNumber: 0, productCount: 60, for: one)
        let answer5 = registry.subscribe([7], for: one)
        #expect(answer5)

        #expect(registry.recipients(ofPosition: 40, productID: 40) == [silent])
        let seven = registry.recipients(ofPosition: 7, productID: 7)
        #expect(seven.sorted() == [one, silent])
        #expect(registry.recipients(ofPosition: 41, productID: 41).isEmpty)

        registry.unsubscribe([40], for: silent)
        #expect(registry.recipients(ofPosition: 40, productID: 40).isEmpty)
        #expect(registry.subscriptions(of: silent) == [7])
    }

    @Test func reportPastTheEndKeepsTheOriginalRule() {
        var registry = WatcherRegistry()
        let answer6 = registry.report(stateNumber: 4, productCount: 60, for: one)
        #expect(!answer6)
        #expect(registry.listState(of: one).pagesLoaded == 4)
        #expect(registry.recipients(ofPosition: 60, productID: 60) == [one])
        // A hostile stateNumber cannot overflow the rule.
        let answer7 = registry.report(stateNumber: Int.max, productCount: 60, for: two)
        #expect(!answer7)
        #expect(registry.recipients(ofPosition: 60, productID: 60).sorted() == [one, two])
    }

    @Test func lowerReportMovesTheConnectionBack() {
        var registry = WatcherRegistry()
        _ = registry.report(stateNumber: 2, productCount: 60, for: one)
        #expect(registry.recipients(ofPosition: 45, productID: 45) == [one])
        _ = registry.report(stateNumber: 0, productCount: 60, for: one)
        #expect(registry.recipients(ofPosition: 45, productID: 45).isEmpty)
        #expect(registry.recipients(ofPosition: 1, productID: 1) == [one])
    }

    @Test func removedConnectionGetsNothingAndOthersKeepTheirs() {
        var registry = WatcherRegistry()
        for id in 1...100 {
            _ = registry.report(stateNumber: id % 4, productCount: 60, for: ConnectionID(id))
            _ = registry.subscribe([ProductID(id)], for: ConnectionID(id))
        }
        for id in stride(from: 1, through: 100, by: 2) { registry.remove(ConnectionID(id)) }
        #expect(registry.count == 50)

        let expected = (1...100).filter { $0 % 2 == 0 && $0 % 4 >= 2 }.map { ConnectionID($0) }
        #expect(registry.recipients(ofPosition: 31, productID: 31).sorted() == expected)
        // 98 qualifies by its list state and subscribes to 98: it appears once.
        let pageTwo = (1...100).filter { $0 % 4 == 2 }.map { ConnectionID($0) }
        #expect(registry.recipients(ofPosition: 30, productID: 98).sorted() == pageTwo)
        #expect(registry.recipients(ofPosition: 60, productID: 99).isEmpty)
        #expect(registry.recipients(ofPosition: 60, productID: 100) == [ConnectionID(100)])

        // Slots are reused: a new connection starts with nothing.
        let answer8 = registry.subscribe([5], for: ConnectionID(500))
        #expect(answer8)
        #expect(registry.listState(of: ConnectionID(500)).pagesLoaded == 0)
        #expect(registry.recipients(ofPosition: 5, productID: 5).contains(ConnectionID(500)))
    }

    @Test func pageCountsBeyondTheBucketsAreCheckedOneByOne() {
        var configuration = WatcherRegistry.Configuration()
        configuration.bucketedPages = 2
        var registry = WatcherRegistry(configuration: configuration)
        _ = registry.report(stateNumber: 2, productCount: 100, for: one)   // 3 pages
        _ = registry.report(stateNumber: 5, productCount: 100, for: two)   // 6 pages
        #expect(registry.recipients(ofPosition: 45, productID: 45).sorted() == [one, two])
        #expect(registry.recipients(ofPosition: 46, productID: 46) == [two])
        #expect(registry.recipients(ofPosition: 91, productID: 91).isEmpty)
    }

    @Test func subscriptionLimitRefusesTheWholeRequest() {
        var configuration = WatcherRegistry.Configuration()
        configuration.maximumSubscriptionsPerConnection = 3
        var registry = WatcherRegistry(configuration: configuration)
        let answer9 = registry.subscribe([1, 2], for: one)
        #expect(answer9)
        let answer10 = registry.subscribe([3, 4], for: one)
        #expect(!answer10)
        let answer11 = registry.subscribe([2, 3], for: one)
        #expect(answer11)
        #expect(registry.subscriptions(of: one) == [1, 2, 3])
    }

    @Test func reusedArrayIsClearedBeforeFilling() {
        var registry = WatcherRegistry()
        _ = registry.report(stateNumber: 0, productCount: 60, for: one)
        var buffer = [ConnectionID(77)]
        registry.recipients(ofPosition: 1, productID: 1, into: &buffer)
        #expect(buffer == [one])
    }

    @Test func listWatchersAndSubscribersAreFoundWithoutConnectionsThatWatchNothing() {
        var registry = WatcherRegistry()
        _ = registry.report(stateNumber: 0, productCount: 60, for: one)   // 1 page
        _ = registry.report(stateNumber: 2, productCount: 60, for: two)   // 3 pages
        _ = registry.subscribe([ProductID(40), ProductID(5)], for: silent)
        _ = registry.report(stateNumber: 0, productCount: 60, for: ConnectionID(9))
        registry.remove(ConnectionID(9))

        var watchers: [ConnectionID: Int] = [:]
        registry.forEachListWatcher(loadingAtLeast: 1) { watchers[$0] = $1 }
        #expect(watchers == [one: 1, two: 3])
        var fromPageTwo: [ConnectionID] = []
        registry.forEachListWatcher(loadingAtLeast: 2) { id, _ in fromPageTwo.append(id) }
        #expect(fromPageTwo == [two])
        var beyond: [ConnectionID] = []
        registry.forEachSubscriber(of: ProductID(40), beyondPage: 3) { beyond.append($0) }
        #expect(beyond == [silent])
        var covered: [ConnectionID] = []
        _ = registry.subscribe([ProductID(40)], for: two)
        registry.forEachSubscriber(of: ProductID(40), beyondPage: 3) { covered.append($0) }
        #expect(covered == [silent])  // `two`'s three pages already bring it product 40
    }
}
