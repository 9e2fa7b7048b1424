import AuctionCore
import AuctionData
import Testing

@Suite struct CatalogueMappingTests {
    private let item = ProductListItemDTO(
        productID: 5, productName: "NikeShoes", originalPrice: 30_000, imageIDs: [12, 13], upDownState: true,
        price: ProductPriceDTO(auctionDate: "2023-02-11", price: 34_500, beforePrice: 500))

    @Test func mapsAListItemToAProduct() {
        let product = item.toDomain()
        #expect(product.id == 5)
        #expect(product.name == "NikeShoes")
        #expect(product.startPrice == 30_000)
        #expect(product.currentPrice == 34_500)
        #expect(product.lastChange == 500)
        #expect(product.direction == .up)
        #expect(product.auctionDate == "2023-02-11")
        #expect(product.imageIDs == [12, 13])
        #expect(product.endsAt == nil)
    }

    @Test func readsADownwardStateAsAFall() {
        var falling = item
        falling.upDownState = false
        #expect(falling.toDomain().lastChange == -500)
        #expect(falling.toDomain().direction == .down)
        falling.price?.beforePrice = -300
        falling.upDownState = nil
        #expect(falling.toDomain().lastChange == -300)
    }

    @Test func usesTheStartPriceWhenThereIsNoPriceYet() {
        var fresh = item
        fresh.price = nil
        fresh.upDownState = nil
        #expect(fresh.toDomain().currentPrice == 30_000)
        #expect(fresh.toDomain().direction == .unchanged)
    }

    @Test func productRoundTripsThroughTheListItem() {
        let product = Product(id: 7, name: "Lamp", startPrice: 1_000, currentPrice: 1_500, lastChange: 500, direction: .up,
                              auctionDate: "2026-11-22", imageIDs: [3], endsAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000),
                              minimumIncrement: 100)
        #expect(ProductListItemDTO(product: product).toDomain() == product)
    }

    @Test func mapsADetailWithTheSeparateCurrentPrice() {
        let dto = ProductDetailDTO(
            productID: 5, imageIDs: [12], sellerID: "1", sellerName: "seller", sellerImageIDs: [1], productName: "NikeShoes",
            registerTime: "2023-02-01T10:00:00.000Z", comment: "free text", originalPrice: 30_000,
            graph: [PricePoint(date: "2023-02-10", price: 31_000), PricePoint(date: "2023-02-11", price: 34_000)])
        let fromGraph = dto.toDomain()
        #expect(fromGraph.product.currentPrice == 34_000)
        #expect(fromGraph.sellerName == "seller")
        #expect(fromGraph.description == "free text")
        #expect(fromGraph.listedAt == Timestamp(millisecondsSinceEpoch: 1_675_245_600_000))
        #expect(fromGraph.priceHistory.count == 2)
        let current = CurrentPriceDTO(productID: 5, price: 34_500, beforePrice: 500, upDownState: true)
        let fetched = dto.toDomain(currentPrice: current)
        #expect(fetched.product.currentPrice == 34_500)
        #expect(fetched.product.lastChange == 500)
    }

    @Test func detailRoundTripsThroughTheDTO() {
        let product = Product(id: 7, name: "Lamp", startPrice: 1_000, currentPrice: 1_500, lastChange: 500, direction: .up,
                              auctionDate: "2026-11-22", imageIDs: [3, 4], endsAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))
        let detail = ProductDetail(product: product, sellerName: "ann", description: "a lamp",
                                   listedAt: Timestamp(millisecondsSinceEpoch: 1_700_000_000_123),
                                   priceHistory: [PricePoint(date: "2026-11-21", price: 1_000), PricePoint(date: "2026-11-22", price: 1_500)])
        #expect(ProductDetailDTO(detail: detail).toDomain() == detail)
    }

    @Test func parsesISO8601AsTheOriginalSendsIt() {
        #expect(Timestamp(iso8601: "1970-01-01T00:00:00.000Z")?.millisecondsSinceEpoch == 0)
        #expect(Timestamp(iso8601: "2023-02-01T10:00:00.000Z")?.millisecondsSinceEpoch == 1_675_245_600_000)
        #expect(Timestamp(iso8601: "2023-02-01T10:00:00Z")?.millisecondsSinceEpoch == 1_675_245_600_000)
        #expect(Timestamp(iso8601: "2023-02-01T19:00:00+09:00")?.millisecondsSinceEpoch == 1_675_245_600_000)
        #expect(Timestamp(iso8601: "2023-02-01")?.millisecondsSinceEpoch == 1_675_209_600_000)
        #expect(Timestamp(iso8601: "2024-02-29T23:59:59.5Z")?.description == "2024-02-29T23:59:59.500Z")
        for bad in ["", "yesterday", "2023-13-01", "2023-02-01T25:00:00Z", "2023-02-01T10:00:00+0900"] {
            #expect(Timestamp(iso8601: bad) == nil, "\(bad)")
        }
    }
}
