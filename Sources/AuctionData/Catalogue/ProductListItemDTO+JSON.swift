import AuctionInfrastructure

extension ProductListItemDTO {
    /// Reads one product of the list; `Product_Price` may also be an array (its last element counts).
    public init(json: JSONValue) throws(CatalogueError) {
        try self.init(fields: CatalogueFields(json, path: ""))
    }

    init(fields: CatalogueFields) throws(CatalogueError) {
        var price: ProductPriceDTO?
        let priceKey = "Product_Price"
        if let member = fields.value(priceKey) {
            let record = member.arrayValue.map { $0.last ?? .null } ?? member
            if !record.isNull {
                let priceFields = try CatalogueFields(record, path: fields.name(priceKey))
                price = ProductPriceDTO(auctionDate: try priceFields.optionalString("auction_date") ?? "",
                                        price: try priceFields.int("price"),
                                        beforePrice: try priceFields.optionalInt("beforePrice") ?? 0)
            }
        }
        self.init(
            productID: Int(truncatingIfNeeded: try fields.int("product_id")),
            productName: try fields.string("product_name"),
            originalPrice: try fields.int("original_price"),
            imageIDs: try fields.imageIDs("Product_Images"),
            upDownState: try fields.optionalObject("Product_UpDown")?.optionalBool("state"),
            price: price,
            endTime: try fields.optionalInt("end_time"),
            minIncrement: try fields.optionalInt("min_increment"),
            closed: try fields.optionalBool("closed"), winner: try fields.optionalString("winner"))
        bidding = try BiddingFieldsDTO(fields: fields)
    }

    /// The product in the original shape, key order and spelling; ours (`end_time`, `min_increment`,
    /// `closed` with `winner`) only when set.
    public var json: JSONValue {
        var object = JSONObject([
            ("product_id", .int(Int64(productID))),
            ("product_name", .string(productName)),
            ("original_price", .int(originalPrice)),
            ("Product_Images", imageList(imageIDs)),
            ("Product_UpDown", upDownState.map { .object(JSONObject([("state", .bool($0))])) } ?? .null),
            ("Product_Price", price.map {
                .object(JSONObject([("auction_date", .string($0.auctionDate)), ("price", .int($0.price)),
                                    ("beforePrice", .int($0.beforePrice))]))
            } ?? .null),
        ])
        if let endTime { object["end_time"] = .int(endTime) }
        if let minIncrement { object["min_increment"] = .int(minIncrement) }
        if let closed {
            object["closed"] = .bool(closed)
            object["winner"] = winner.map { .string($0) } ?? .null
        }
        bidding.write(into: &object)
        return .object(object)
    }

    /// Reads the body of a `200` answer to `POST /products/alllist`: a JSON array of products.
    public static func page(from body: [UInt8]) throws(CatalogueError) -> [ProductListItemDTO] {
        guard let elements = try CatalogueFields.parse(body).arrayValue else { throw CatalogueError.invalidField("(page array)") }
        var items: [ProductListItemDTO] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            items.append(try ProductListItemDTO(fields: CatalogueFields(element, path: "[\(index)]")))
        }
        return items
    }

    /// The body of a `200` answer to `POST /products/alllist`.
    public static func pageBody(_ items: [ProductListItemDTO]) -> [UInt8] {
        JSONValue.array(items.map(\.json)).serialized()
    }
}
