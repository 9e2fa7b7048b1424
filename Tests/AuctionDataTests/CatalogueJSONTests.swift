import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

@Suite struct CatalogueJSONTests {
    /// The product exactly as the original backend's reference shows it.
    static let originalItem = """
        {"product_id":5,"product_name":"NikeShoes","original_price":30000,"Product_Images":[{"image_id":12},{"image_id":13}],\
        "Product_UpDown":{"state":true},"Product_Price":{"auction_date":"2023-02-11","price":34500,"beforePrice":500}}
        """

    static func originalDetail(userID: String) -> String {
        """
        {"DetailProductInfo":{"product_id":5},"DetailProductImages":{"images":[{"image_id":12}]},\
        "DetailProductUser":{"user_id":\(userID),"user_name":"seller","User_Images":[{"image_id":1}]},\
        "DetailProductComment":{"product_name":"NikeShoes","registerTime":"2023-02-01T10:00:00.000Z",\
        "comment":"free text from the seller","original_price":30000},\
        "DetailProductGraph":{"data":[{"auction_date":"2023-02-11","price":34500}]}}
        """
    }

    private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    @Test func decodesTheOriginalListItem() throws {
        let item = try ProductListItemDTO(json: json(Self.originalItem))
        #expect(item == ProductListItemDTO(productID: 5, productName: "NikeShoes", originalPrice: 30_000, imageIDs: [12, 13],
                                           upDownState: true,
                                           price: ProductPriceDTO(auctionDate: "2023-02-11", price: 34_500, beforePrice: 500)))
    }

    @Test func encodesTheListItemInTheOriginalShapeByteForByte() throws {
        let item = try ProductListItemDTO(json: json(Self.originalItem))
        #expect(item.json.jsonText == Self.originalItem)
    }

    @Test func addsOurFieldsAfterTheOriginalOnes() throws {
        var item = try ProductListItemDTO(json: json(Self.originalItem))
        item.endTime = 1_800_000_000_000
        item.minIncrement = 100
        #expect(item.json.jsonText == String(Self.originalItem.dropLast()) + ",\"end_time\":1800000000000,\"min_increment\":100}")
        #expect(try ProductListItemDTO(json: item.json) == item)
    }

    @Test func readsAPageAndItsEnd() throws {
        let body = Array("[\(Self.originalItem),\(Self.originalItem)]".utf8)
        #expect(try ProductListItemDTO.page(from: body).count == 2)
        #expect(try ProductListItemDTO.page(from: Array("[]".utf8)).isEmpty)
        let items = try ProductListItemDTO.page(from: body)
        #expect(ProductListItemDTO.pageBody(items) == body)
    }

    @Test func toleratesWhatSequelizeMaySend() throws {
        let item = try ProductListItemDTO(json: json("""
            {"product_id":"7","product_name":"Lamp","original_price":"1000.00","Product_Images":null,\
            "Product_UpDown":null,"Product_Price":[{"auction_date":"2023-02-11","price":1200.0,"beforePrice":200}]}
            """))
        #expect(item.productID == 7)
        #expect(item.originalPrice == 1_000)
        #expect(item.imageIDs.isEmpty)
        #expect(item.upDownState == nil)
        #expect(item.price?.price == 1_200)
        #expect(item.toDomain().direction == .up)
    }

    @Test func namesTheFieldThatIsWrong() {
        #expect(throws: CatalogueError.invalidField("Product_Price.price")) {
            try ProductListItemDTO(json: json("{\"product_id\":1,\"product_name\":\"x\",\"original_price\":1,\"Product_Price\":{\"price\":\"cheap\"}}"))
        }
        #expect(throws: CatalogueError.invalidField("[0].product_name")) {
            try ProductListItemDTO.page(from: Array("[{\"product_id\":1,\"original_price\":1}]".utf8))
        }
        #expect(throws: CatalogueError.self) { try ProductListItemDTO.page(from: Array("<html>".utf8)) }
    }

    @Test func decodesTheDetailWithUserIDAsStringOrNumber() throws {
        for userID in ["\"1\"", "1"] {
            let dto = try ProductDetailDTO(json: json(Self.originalDetail(userID: userID)))
            #expect(dto.sellerID == "1")
            #expect(dto.sellerName == "seller")
            #expect(dto.sellerImageIDs == [1])
            #expect(dto.imageIDs == [12])
            #expect(dto.comment == "free text from the seller")
            #expect(dto.graph == [PricePoint(date: "2023-02-11", price: 34_500)])
            #expect(dto.current == nil)
            let detail = dto.toDomain()
            #expect(detail.product.currentPrice == 34_500)
            #expect(detail.listedAt == Timestamp(iso8601: "2023-02-01T10:00:00.000Z"))
        }
    }

    @Test func encodesTheDetailInTheOriginalShape() throws {
        let dto = try ProductDetailDTO(json: json(Self.originalDetail(userID: "\"1\"")))
        #expect(dto.json.jsonText == Self.originalDetail(userID: "\"1\""))
    }

    @Test func detailCarriesOurPriceFieldsInsideInfo() throws {
        var dto = try ProductDetailDTO(json: json(Self.originalDetail(userID: "1")))
        dto.current = CurrentPriceDTO(productID: 5, price: 35_000, beforePrice: 500, upDownState: true, auctionDate: "2023-02-12")
        dto.endTime = 1_800_000_000_000
        let text = dto.json.jsonText
        #expect(text.hasPrefix("{\"DetailProductInfo\":{\"product_id\":5,\"price\":35000,\"beforePrice\":500,\"state\":true,"
            + "\"auction_date\":\"2023-02-12\",\"end_time\":1800000000000},"))
        let back = try ProductDetailDTO(json: dto.json)
        #expect(back == dto)
        #expect(back.toDomain().product.currentPrice == 35_000)
    }

    @Test func roundTripsTheCurrentPriceInTheOriginalShape() throws {
        let text = "{\"product_id\":5,\"beforePrice\":500,\"price\":34500,\"checkUpDown\":{\"state\":true}}"
        let dto = try CurrentPriceDTO(json: json(text))
        #expect(dto == CurrentPriceDTO(productID: 5, price: 34_500, beforePrice: 500, upDownState: true))
        #expect(dto.json.jsonText == text)
    }

    @Test func readsAndWritesRequestBodies() throws {
        #expect(CatalogueRequest.page(2).body == Array("{\"index\":2}".utf8))
        #expect(try CatalogueRequest(key: "product_id", body: Array("{\"product_id\":\"5\"}".utf8)).value == 5)
        #expect(throws: CatalogueError.invalidField("index")) { try CatalogueRequest(key: "index", body: Array("{\"index\":-1}".utf8)) }
        #expect(throws: CatalogueError.invalidField("image_id")) { try CatalogueRequest(key: "image_id", body: Array("{}".utf8)) }
        #expect(CatalogueErrorBody(body: CatalogueErrorBody(error: "no").body)?.error == "no")
    }
}
