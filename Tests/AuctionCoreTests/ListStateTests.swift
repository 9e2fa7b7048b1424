import AuctionCore
import Testing

@Suite struct ListStateTests {
    @Test func clientWithOnePageGetsOnlyFirstFifteen() {
        var state = ListState()
        let accepted = state.report(stateNumber: 0, productCount: 60)
        #expect(accepted)
        #expect(state.includes(position: 5))
        #expect(state.includes(position: 15))
        #expect(!state.includes(position: 16))
    }

    @Test func clientWithTwoPagesGetsPositionSixteen() {
        var state = ListState()
        _ = state.report(stateNumber: 1, productCount: 60)
        #expect(state.pagesLoaded == 2)
        #expect(state.includes(position: 16))
        #expect(!state.includes(position: 31))
    }

    @Test func clientWithNoStateGetsNothing() {
        #expect(!ListState().includes(position: 1))
    }

    @Test func reportPastTheEndIsRefusedAndKeepsStateNumberPages() {
        var state = ListState()
        let pastEnd = state.report(stateNumber: 4, productCount: 60)
        #expect(!pastEnd)
        #expect(state.pagesLoaded == 4)
        // 61 products: page index 4 holds product 61, so it is in range.
        let inRange = state.report(stateNumber: 4, productCount: 61)
        #expect(inRange)
        #expect(state.pagesLoaded == 5)
    }
}

@Suite struct ListStateHostileInputTests {
    @Test func hugeStateNumberDoesNotOverflow() {
        var state = ListState()
        let accepted = state.report(stateNumber: Int.max, productCount: 60)
        #expect(!accepted)
        let negative = state.report(stateNumber: -1, productCount: 60)
        #expect(!negative)
        #expect(state.pagesLoaded == 0)
    }
}
