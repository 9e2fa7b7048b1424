import AuctionCore
import AuctionData
import Testing

/// What the original backend's catalogue sends that ours does not: newest-first history, 400 TypeErrors.
@Suite struct OriginalCatalogueTests {
    static func detail(_ graph: [PricePoint]) -> ProductDetailDTO {
        ProductDetailDTO(productID: 5, imageIDs: [], sellerID: "1", sellerName: "seller", productName: "NikeShoes",
                         registerTime: nil, comment: "", originalPrice: 10_000, graph: graph)
    }

    @Test func aNewestFirstHistoryIsOrderedOldestFirst() {
        let mapped = Self.detail([PricePoint(date: "2026-11-22", price: 30_000), PricePoint(date: "2026-11-21", price: 10_300)]).toDomain()
        #expect(mapped.priceHistory == [PricePoint(date: "2026-11-21", price: 10_300), PricePoint(date: "2026-11-22", price: 30_000)])
        #expect(mapped.product.currentPrice == 30_000, "the newest point stands in for the current price")
        #expect(mapped.product.auctionDate == "2026-11-22")
    }

    @Test func pointsOfOneDayKeepTheOrderTheyHappenedIn() {
        let newestFirst = [PricePoint(date: "2026-11-22", price: 32_000), PricePoint(date: "2026-11-22", price: 31_000),
                           PricePoint(date: "2026-11-21", price: 10_300)]
        #expect(Self.detail(newestFirst).toDomain().priceHistory.map(\.price) == [10_300, 31_000, 32_000])
        let oldestFirst = Array(newestFirst.reversed())
        #expect(Self.detail(oldestFirst).toDomain().priceHistory.map(\.price) == [10_300, 31_000, 32_000])
    }

    @Test func theOriginalsTypeErrorForANullRecordMeansMissing() {
        let body = Array(#"{"error":"TypeError: Cannot read properties of null (reading 'product_id')"}"#.utf8)
        #expect(CatalogueErrorBody(body: body)?.isMissingRecord == true)
        #expect(CatalogueErrorBody(error: "SequelizeConnectionError: connect ECONNREFUSED").isMissingRecord == false)
    }
}
