import AuctionInfrastructure

extension CurrentPriceDTO {
    /// Reads the answer of `POST /products/currentproductprice`.
    public init(json: JSONValue) throws(CatalogueError) {
        let fields = try CatalogueFields(json, path: "")
        self.init(productID: Int(truncatingIfNeeded: try fields.int("product_id")), price: try fields.int("price"),
                  beforePrice: try fields.optionalInt("beforePrice") ?? 0,
                  upDownState: try fields.optionalObject("checkUpDown")?.optionalBool("state"),
                  auctionDate: try fields.optionalString("auction_date"))
    }

    /// The answer in the original shape, plus our `auction_date` when known.
    public var json: JSONValue {
        var object = JSONObject([
            ("product_id", .int(Int64(productID))),
            ("beforePrice", .int(beforePrice)),
            ("price", .int(price)),
            ("checkUpDown", upDownState.map { .object(JSONObject([("state", .bool($0))])) } ?? .null),
        ])
        if let auctionDate { object["auction_date"] = .string(auctionDate) }
        return .object(object)
    }
}
