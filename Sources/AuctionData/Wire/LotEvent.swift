import AuctionCore
import AuctionInfrastructure

/// Push 9 (feature `lots`): a lot was listed, edited or withdrawn while the client had its page loaded.
public struct LotEvent: Hashable, Sendable {
    /// What happened to the lot.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A new lot appeared on the client's pages.
        case listed
        /// Its seller changed its name, description, images or terms.
        case edited
        /// Its seller withdrew it: it leaves every list.
        case withdrawn
    }

    /// What happened.
    public var kind: Kind
    /// The lot.
    public var productID: ProductID
    /// The lot as `POST /products/alllist` lists it (with our appended fields); nil for `withdrawn`.
    public var product: JSONValue?

    /// Creates an event.
    public init(kind: Kind, productID: ProductID, product: JSONValue? = nil) {
        self.kind = kind
        self.productID = productID
        self.product = product
    }

    /// The lot as a list item, when the event carries one.
    public func listItem() throws(CatalogueError) -> ProductListItemDTO? {
        guard let product, !product.isNull else { return nil }
        return try ProductListItemDTO(json: product)
    }

    /// The payload: `{"event", "product_id", "product"}` (`product` absent for `withdrawn`).
    public var data: JSONValue {
        var object = JSONObject([("event", .string(kind.rawValue)), ("product_id", .int(Int64(productID.rawValue)))])
        if let product, kind != .withdrawn { object["product"] = product }
        return .object(object)
    }
}
