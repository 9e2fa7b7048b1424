import AuctionCore

/// The answer of `POST /products/detailproduct`, in the original backend's shape:
/// `DetailProductInfo`, `DetailProductImages`, `DetailProductUser`, `DetailProductComment`,
/// `DetailProductGraph`. `DetailProductInfo` may carry our optional current-price fields.
public struct ProductDetailDTO: Hashable, Sendable {
    /// `DetailProductInfo.product_id`.
    public var productID: Int
    /// `DetailProductInfo.price`, `beforePrice`, `state`, `auction_date` (ours; absent from the original).
    public var current: CurrentPriceDTO?
    /// `DetailProductInfo.end_time` (ours): when bidding closes, ms since the epoch.
    public var endTime: Int64?
    /// `DetailProductInfo.min_increment` (ours).
    public var minIncrement: Int64?
    /// `DetailProductInfo.closed` (ours): whether bidding has ended; nil when the source does not say.
    public var closed: Bool?
    /// `DetailProductInfo.winner` (ours): the winner's name once closed with a winner.
    public var winner: String?
    /// `DetailProductInfo.reserve_met`, `buy_now_price`, `extensions`, `bid_count` (ours).
    public var bidding = BiddingFieldsDTO()
    /// `DetailProductImages.images[].image_id`.
    public var imageIDs: [Int]
    /// `DetailProductUser.user_id`: a string in the original detail, a number elsewhere; kept as text.
    public var sellerID: String
    /// `DetailProductUser.user_name`.
    public var sellerName: String
    /// `DetailProductUser.User_Images[].image_id`.
    public var sellerImageIDs: [Int]
    /// `DetailProductComment.product_name`.
    public var productName: String
    /// `DetailProductComment.registerTime`: ISO 8601, e.g. `2023-02-01T10:00:00.000Z`.
    public var registerTime: String?
    /// `DetailProductComment.comment`: the seller's description.
    public var comment: String
    /// `DetailProductComment.original_price`.
    public var originalPrice: Int64
    /// `DetailProductGraph.data[]`: `{auction_date, price}` in the server's order (ours oldest first, the
    /// original's newest first); `toDomain` orders it oldest first.
    public var graph: [PricePoint]
    /// `removed_reason` (ours): why a moderator removed the lot.
    public var removedReason: String?

    /// Creates a detail record.
    public init(productID: Int, current: CurrentPriceDTO? = nil, endTime: Int64? = nil, minIncrement: Int64? = nil,
                imageIDs: [Int], sellerID: String, sellerName: String, sellerImageIDs: [Int] = [],
                productName: String, registerTime: String?, comment: String, originalPrice: Int64,
                graph: [PricePoint], closed: Bool? = nil, winner: String? = nil) {
        self.productID = productID
        self.closed = closed
        self.winner = winner
        self.current = current
        self.endTime = endTime
        self.minIncrement = minIncrement
        self.imageIDs = imageIDs
        self.sellerID = sellerID
        self.sellerName = sellerName
        self.sellerImageIDs = sellerImageIDs
        self.productName = productName
        self.registerTime = registerTime
        self.comment = comment
        self.originalPrice = originalPrice
        self.graph = graph
    }

    /// The wire form of a domain detail (our server standing in for the original).
    public init(detail: ProductDetail, sellerID: String = "1", sellerImageIDs: [Int] = []) {
        let product = detail.product
        self.init(
            productID: product.id.rawValue, current: CurrentPriceDTO(product: product),
            endTime: product.endsAt?.millisecondsSinceEpoch, minIncrement: product.minimumIncrement?.minorUnits,
            imageIDs: product.imageIDs, sellerID: sellerID, sellerName: detail.sellerName,
            sellerImageIDs: sellerImageIDs, productName: product.name, registerTime: detail.listedAt?.description,
            comment: detail.description, originalPrice: product.startPrice.minorUnits, graph: detail.priceHistory,
            closed: product.isClosed, winner: product.winner)
        bidding = BiddingFieldsDTO(product: product)
    }

    /// The domain detail. The current price comes from `current` (ours), else from the
    /// separately fetched `currentproductprice` answer, else from the last graph point.
    public func toDomain(currentPrice fetched: CurrentPriceDTO? = nil) -> ProductDetail {
        let known = current ?? fetched
        let history = Self.oldestFirst(graph)
        let price = known?.price ?? history.last?.price.minorUnits ?? originalPrice
        let change = known.map { ProductPriceDTO.signedChange($0.beforePrice, up: $0.upDownState) } ?? .zero
        let product = bidding.apply(to: Product(
            id: ProductID(productID), name: productName, startPrice: Money(originalPrice), currentPrice: Money(price),
            lastChange: change, direction: PriceDirection(change: change),
            auctionDate: known?.auctionDate ?? history.last?.date ?? "", imageIDs: imageIDs,
            endsAt: endTime.map { Timestamp(millisecondsSinceEpoch: $0) }, minimumIncrement: minIncrement.map { Money($0) },
            isClosed: closed ?? false, winner: winner))
        var detail = ProductDetail(product: product, sellerName: sellerName, description: comment,
                                   listedAt: registerTime.flatMap(Timestamp.init(iso8601:)), priceHistory: history)
        detail.removedReason = removedReason
        return detail
    }
}
