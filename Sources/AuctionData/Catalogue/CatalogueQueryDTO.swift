import AuctionCore
import AuctionInfrastructure

/// The wire forms of a `CatalogueQuery`: the query string of `GET /products/query` and the `query`
/// object of request 13, and the answer's `{"products": […], "next_cursor": …, "total": …}` body.
public enum CatalogueQueryDTO {
    /// The most bytes of a cursor accepted from the server (it is sent back verbatim).
    public static let maximumCursorBytes = 1_024

    /// `/products/query?…`: the query's parameters in their documented order, then `cursor` when given,
    /// each value percent-encoded (RFC 3986 unreserved characters stay as they are).
    public static func path(of query: CatalogueQuery, cursor: String?) -> String {
        var parameters = query.parameters
        if let cursor { parameters.append(("cursor", cursor)) }
        guard !parameters.isEmpty else { return "/products/query" }
        return "/products/query?" + parameters.map { "\($0.name)=\(percentEncoded($0.value))" }.joined(separator: "&")
    }

    /// The query as request 13's `query` object (numbers as JSON integers; defaults left out except `status`).
    public static func object(of query: CatalogueQuery) -> JSONValue {
        var object = JSONObject()
        if let search = query.search { object["search"] = .string(search) }
        if !query.hasStandardSort { object["sort"] = .string(query.sort.rawValue) }
        if let seconds = query.endingWithinSeconds { object["ending_within"] = .int(seconds) }
        if let minimum = query.minimumPrice { object["min_price"] = .int(minimum.minorUnits) }
        if let maximum = query.maximumPrice { object["max_price"] = .int(maximum.minorUnits) }
        if let seller = query.seller { object["seller"] = .string(seller) }
        object["status"] = .string(query.status.rawValue)
        return .object(object)
    }

    /// The query as request 13's parameters (`ClientMessage.queryState`): `object(of:)`'s members as text.
    public static func parameters(of query: CatalogueQuery) -> [String: String] {
        guard case .object(let object) = object(of: query) else { return [:] }
        var parameters: [String: String] = [:]
        for member in object.members {
            switch member.value {
            case .string(let text): parameters[member.key] = text
            case .int(let number): parameters[member.key] = String(number)
            default: continue
            }
        }
        return parameters
    }

    /// Reads a `200` answer: the list items and the next cursor (null or absent: the last page).
    public static func page(from body: [UInt8]) throws(CatalogueError) -> CatalogueQueryPage {
        let json = try CatalogueFields.parse(body)
        guard let elements = json["products"]?.arrayValue else { throw CatalogueError.invalidField("products") }
        var products: [Product] = []
        products.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            products.append(try ProductListItemDTO(fields: CatalogueFields(element, path: "products[\(index)]")).toDomain())
        }
        var cursor: String?
        if let member = json["next_cursor"], !member.isNull {
            guard let text = member.stringValue, !text.isEmpty, text.utf8.count <= maximumCursorBytes else {
                throw CatalogueError.invalidField("next_cursor")
            }
            cursor = text
        }
        // `total` (ours, 0…2^31 − 1): the server's count of the query's lots; null or absent when it gave none.
        var total: Int?
        if let member = json["total"], !member.isNull {
            guard let count = member.intValue, (0...Int64(Int32.max)).contains(count) else { throw CatalogueError.invalidField("total") }
            total = Int(count)
        }
        return CatalogueQueryPage(products: products, nextCursor: cursor, total: total)
    }

    /// `value` percent-encoded for a query string: every byte but `A–Z a–z 0–9 - . _ ~` becomes `%XX`.
    static func percentEncoded(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
