import AuctionData
import Testing

@Suite struct PageSizeTests {
    @Test func pageSizeIsFifteen() { #expect(AuctionData.pageSize == 15) }
}
