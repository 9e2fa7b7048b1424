import AuctionCore
import AuctionInfrastructure

extension CatalogueEndpoints.Source {
    /// Sources without sellers leave `seller` out.
    public func seller(of id: ProductID) -> String? { nil }
    /// Sources without withdrawals never say `withdrawn`.
    public func isWithdrawn(_ id: ProductID) -> Bool { false }
    /// Sources without moderation never say `removed_reason`.
    public func removedReason(of id: ProductID) -> String? { nil }
}

/// Our selling fields appended to list items and `DetailProductInfo` (issue 12): `seller` (the
/// seller's name, when known), `"withdrawn": true` on a withdrawn lot's detail (lists hide it), and
/// `"removed_reason"` on a lot a moderator removed (issue 23).
extension CatalogueEndpoints {
    /// The fields of one product.
    static func sellerFields(of id: ProductID, source: any Source) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let seller = source.seller(of: id) { fields.append(("seller", .string(seller))) }
        if source.isWithdrawn(id) { fields.append(("withdrawn", .bool(true))) }
        if let reason = source.removedReason(of: id) { fields.append(("removed_reason", .string(reason))) }
        return fields
    }

    /// One product as `POST /products/alllist` lists it (push 9 carries the same object).
    static func listItem(_ product: Product, source: any Source) -> JSONValue {
        (try? JSONValue.parse(pageBody([product], source: source)))?.arrayValue?.first ?? .null
    }
}
