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
    /// Where a `listed` lot goes on the connection's query pages (`"after"`): nil when not given
    /// (plain pages: the catalogue's id order places it).
    public var place: ListingPlace?
    /// A moderator's reason, on a `withdrawn` lot a moderator removed (`"removed_reason"`).
    public var removedReason: String?

    /// Creates an event.
    public init(kind: Kind, productID: ProductID, product: JSONValue? = nil, place: ListingPlace? = nil, removedReason: String? = nil) {
        self.kind = kind
        self.productID = productID
        self.product = product
        self.place = place
        self.removedReason = removedReason
    }

    /// The lot as a list item, when the event carries one.
    public func listItem() throws(CatalogueError) -> ProductListItemDTO? {
        guard let product, !product.isNull else { return nil }
        return try ProductListItemDTO(json: product)
    }

    /// The payload: `{"event", "product_id", "product", "after"}` (`product` absent for `withdrawn`;
    /// `after` only when placed: the id of the lot before it, or null when it comes first).
    public var data: JSONValue {
        var object = JSONObject([("event", .string(kind.rawValue)), ("product_id", .int(Int64(productID.rawValue)))])
        if let product, kind != .withdrawn { object["product"] = product }
        if let removedReason, kind == .withdrawn { object["removed_reason"] = .string(removedReason) }
        switch place {
        case .first?: object["after"] = .null
        case .after(let id)?: object["after"] = .int(Int64(id.rawValue))
        case nil: break
        }
        return .object(object)
    }
}

extension LotEvent {
    /// The event as the domain's catalogue change; nil when a `listed` or `edited` event carries no
    /// readable list item (such a push is dropped, the next page load shows the lot).
    public var catalogueChange: CatalogueChange? {
        switch kind {
        case .withdrawn: return removedReason.map { .removed(productID, reason: $0) } ?? .withdrawn(productID)
        case .listed, .edited:
            guard let item = try? listItem(), item.productID == productID.rawValue else { return nil }
            return kind == .listed ? .listed(item.toDomain(), place: place) : .edited(item.toDomain())
        }
    }
}
