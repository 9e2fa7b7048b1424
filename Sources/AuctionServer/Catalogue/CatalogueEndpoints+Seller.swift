import AuctionCore
import AuctionInfrastructure

extension CatalogueEndpoints.Source {
    /// Sources without sellers leave `seller` out.
    public func seller(of id: ProductID) -> String? { nil }
    /// Sources without withdrawals never say `withdrawn`.
    public func isWithdrawn(_ id: ProductID) -> Bool { false }
}

/// Our selling fields appended to list items and `DetailProductInfo` (issue 12): `seller` (the
/// seller's name, when known) and `"withdrawn": true` on a withdrawn lot's detail (lists hide it).
extension CatalogueEndpoints {
    /// The fields of one product.
    static func sellerFields(of id: ProductID, source: any Source) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let seller = source.seller(of: id) { fields.append(("seller", .string(seller))) }
        if source.isWithdrawn(id) { fields.append(("withdrawn", .bool(true))) }
        return fields
    }

    /// One product as `POST /products/alllist` lists it (push 9 carries the same object).
    static func listItem(_ product: Product, source: any Source) -> JSONValue {
        (try? JSONValue.parse(pageBody([product], source: source)))?.arrayValue?.first ?? .null
    }
}
