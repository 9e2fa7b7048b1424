import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// Our bidding fields on list items and details (`reserve_met`, `buy_now_price`, `extensions`,
/// `bid_count`): read into `Product`, absent (no reserve, no buy-now, 0, unknown) from the original backend.
@Suite struct CatalogueBiddingFieldsTests {
    private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func theOriginalListItemHasNoneOfThem() throws {
        let product = try ProductListItemDTO(json: json(CatalogueJSONTests.originalItem)).toDomain()
        #expect(product.reserveMet == nil && product.buyNowPrice == nil && product.extensions == 0 && product.bidCount == nil)
        let written = ProductListItemDTO(product: product).json
        for key in ["reserve_met", "buy_now_price", "extensions", "bid_count"] { #expect(written[key] == nil, "\(key)") }
    }

    @Test func theyAreReadFromTheListItem() throws {
        let text = CatalogueJSONTests.originalItem.dropLast()
            + #","reserve_met":false,"buy_now_price":"120000","extensions":2,"bid_count":7}"#
        let product = try ProductListItemDTO(json: json(String(text))).toDomain()
        #expect(product.reserveMet == false)
        #expect(product.buyNowPrice == 120_000)
        #expect(product.extensions == 2)
        #expect(product.bidCount == 7)
        #expect(try ProductListItemDTO(json: ProductListItemDTO(product: product).json).toDomain() == product)
    }

    @Test func theyRoundTripThroughTheDetail() throws {
        var detail = try ProductDetailDTO(json: json(CatalogueJSONTests.originalDetail(userID: "1"))).toDomain()
        detail.product.reserveMet = true
        detail.product.buyNowPrice = 50_000
        detail.product.extensions = 3
        detail.product.bidCount = 12
        let written = ProductDetailDTO(detail: detail).json
        #expect(written["DetailProductInfo"]?["reserve_met"] == true)
        #expect(written["DetailProductInfo"]?["buy_now_price"] == 50_000)
        let read = try ProductDetailDTO(json: written).toDomain().product
        #expect(read.reserveMet == true && read.buyNowPrice == 50_000 && read.extensions == 3 && read.bidCount == 12)
    }

    @Test func valuesOutOfRangeAreRefused() throws {
        for field in [#""buy_now_price":0"#, #""buy_now_price":9007199254740992"#, #""extensions":-1"#, #""bid_count":2147483648"#,
                      #""reserve_met":"perhaps""#] {
            let text = CatalogueJSONTests.originalItem.dropLast() + "," + field + "}"
            #expect(throws: CatalogueError.self, "\(field)") { try ProductListItemDTO(json: json(String(text))) }
        }
    }

    @Test func theBidHistoryBodyRoundTripsAndIsRangeChecked() throws {
        let entries = [BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), bidder: "al…e", price: 35_000, isAutomatic: true),
                       BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 1_600_000_000_000), bidder: nil, price: 30_000, isAutomatic: false)]
        #expect(try BidHistoryDTO.entries(from: BidHistoryDTO.body(entries)) == entries)
        #expect(try BidHistoryDTO.entries(from: Array(#"{"bids":[]}"#.utf8)).isEmpty)
        #expect(throws: CatalogueError.self) { try BidHistoryDTO.entries(from: Array(#"{"bids":[{"time":1,"price":-5}]}"#.utf8)) }
        #expect(throws: CatalogueError.self) { try BidHistoryDTO.entries(from: Array(#"{"bids":[{"time":-1,"price":5}]}"#.utf8)) }
        let many = (0..<150).map { BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: Int64($0)), bidder: "x…y", price: 1, isAutomatic: false) }
        #expect(try BidHistoryDTO.entries(from: BidHistoryDTO.body(many)).count == 100)
    }
}
