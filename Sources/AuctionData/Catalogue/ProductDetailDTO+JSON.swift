import AuctionCore
import AuctionInfrastructure

extension ProductDetailDTO {
    /// Reads the answer of `POST /products/detailproduct`; `DetailProductUser.user_id` may be a string or a number.
    public init(json: JSONValue) throws(CatalogueError) {
        let root = try CatalogueFields(json, path: "")
        let info = try root.object("DetailProductInfo")
        let user = try root.optionalObject("DetailProductUser")
        let comment = try root.object("DetailProductComment")
        var current: CurrentPriceDTO?
        if let price = try info.optionalInt("price") {
            current = CurrentPriceDTO(productID: Int(truncatingIfNeeded: try info.int("product_id")), price: price,
                                      beforePrice: try info.optionalInt("beforePrice") ?? 0,
                                      upDownState: try info.optionalBool("state"),
                                      auctionDate: try info.optionalString("auction_date"))
        }
        var graph: [PricePoint] = []
        if let graphFields = try root.optionalObject("DetailProductGraph") {
            for (index, point) in try graphFields.array("data").enumerated() {
                let fields = try CatalogueFields(point, path: "DetailProductGraph.data[\(index)]")
                graph.append(PricePoint(date: try fields.optionalString("auction_date") ?? "", price: Money(try fields.int("price"))))
            }
        }
        self.init(
            productID: Int(truncatingIfNeeded: try info.int("product_id")), current: current,
            endTime: try info.optionalInt("end_time"), minIncrement: try info.optionalInt("min_increment"),
            imageIDs: try root.optionalObject("DetailProductImages")?.imageIDs("images") ?? [],
            sellerID: try user?.optionalString("user_id") ?? "", sellerName: try user?.optionalString("user_name") ?? "",
            sellerImageIDs: try user?.imageIDs("User_Images") ?? [],
            productName: try comment.string("product_name"), registerTime: try comment.optionalString("registerTime"),
            comment: try comment.optionalString("comment") ?? "", originalPrice: try comment.int("original_price"),
            graph: graph, closed: try info.optionalBool("closed"), winner: try info.optionalString("winner"))
        bidding = try BiddingFieldsDTO(fields: info)
        removedReason = try info.optionalString("removed_reason").map { String(decoding: Array($0.utf8.prefix(1_024)), as: UTF8.self) }
    }

    /// The detail in the original shape; our current-price fields ride in `DetailProductInfo`.
    public var json: JSONValue {
        var info = JSONObject([("product_id", .int(Int64(productID)))])
        if let current {
            info["price"] = .int(current.price)
            info["beforePrice"] = .int(current.beforePrice)
            if let state = current.upDownState { info["state"] = .bool(state) }
            if let date = current.auctionDate { info["auction_date"] = .string(date) }
        }
        if let endTime { info["end_time"] = .int(endTime) }
        if let minIncrement { info["min_increment"] = .int(minIncrement) }
        if let closed {
            info["closed"] = .bool(closed)
            info["winner"] = winner.map { .string($0) } ?? .null
        }
        bidding.write(into: &info)
        return .object(JSONObject([
            ("DetailProductInfo", .object(info)),
            ("DetailProductImages", .object(JSONObject([("images", imageList(imageIDs))]))),
            ("DetailProductUser", .object(JSONObject([
                ("user_id", .string(sellerID)), ("user_name", .string(sellerName)), ("User_Images", imageList(sellerImageIDs)),
            ]))),
            ("DetailProductComment", .object(JSONObject([
                ("product_name", .string(productName)), ("registerTime", registerTime.map { .string($0) } ?? .null),
                ("comment", .string(comment)), ("original_price", .int(originalPrice)),
            ]))),
            ("DetailProductGraph", .object(JSONObject([
                ("data", .array(graph.map {
                    .object(JSONObject([("auction_date", .string($0.date)), ("price", .int($0.price.minorUnits))]))
                })),
            ]))),
        ]))
    }
}
