import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// Our `closed` and `winner` fields on list items and details: written by our server, read into
/// `Product.isClosed` / `winner`, absent (open) from the original backend.
@Suite struct CatalogueClosingFieldsTests {
    private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func theOriginalListItemReadsAsOpen() throws {
        let product = try ProductListItemDTO(json: json(CatalogueJSONTests.originalItem)).toDomain()
        #expect(!product.isClosed)
        #expect(product.winner == nil)
    }

    @Test func closedAndWinnerRoundTripThroughTheListItem() throws {
        var product = try ProductListItemDTO(json: json(CatalogueJSONTests.originalItem)).toDomain()
        product.isClosed = true
        product.winner = "bob/🎉"
        let written = ProductListItemDTO(product: product).json
        #expect(written["closed"] == true)
        #expect(written["winner"] == "bob/🎉")
        #expect(try ProductListItemDTO(json: written).toDomain() == product)
        product.winner = nil
        #expect(ProductListItemDTO(product: product).json["winner"] == .null)
    }

    @Test func closedAndWinnerRoundTripThroughTheDetail() throws {
        var detail = try ProductDetailDTO(json: json(CatalogueJSONTests.originalDetail(userID: "1"))).toDomain()
        #expect(!detail.product.isClosed)
        detail.product.isClosed = true
        detail.product.winner = "alice"
        let written = ProductDetailDTO(detail: detail).json
        #expect(written["DetailProductInfo"]?["closed"] == true)
        #expect(written["DetailProductInfo"]?["winner"] == "alice")
        let read = try ProductDetailDTO(json: written).toDomain().product
        #expect(read.isClosed && read.winner == "alice")
    }

    @Test func aClosedFieldThatIsNotABooleanIsRefused() throws {
        let text = CatalogueJSONTests.originalItem.dropLast() + ",\"closed\":\"maybe\"}"
        #expect(throws: CatalogueError.self) { try ProductListItemDTO(json: json(String(text))) }
    }
}
