import AuctionInfrastructure

/// The JSON body of a catalogue request: `{"index": N}` (alllist), `{"product_id": N}`
/// (detailproduct, currentproductprice) or `{"image_id": N}` (productimage).
public struct CatalogueRequest: Hashable, Sendable {
    /// The member name, e.g. `index`.
    public var key: String
    /// The number.
    public var value: Int

    /// Creates a request body.
    public init(key: String, value: Int) {
        self.key = key
        self.value = value
    }

    /// `{"index": N}` for `POST /products/alllist`.
    public static func page(_ index: Int) -> CatalogueRequest { CatalogueRequest(key: "index", value: index) }
    /// `{"product_id": N}` for `POST /products/detailproduct` and `/products/currentproductprice`.
    public static func product(_ id: Int) -> CatalogueRequest { CatalogueRequest(key: "product_id", value: id) }
    /// `{"image_id": N}` for `POST /products/productimage`.
    public static func image(_ id: Int) -> CatalogueRequest { CatalogueRequest(key: "image_id", value: id) }

    /// Reads the number named `key` from a request body: a JSON integer or a string of ASCII digits
    /// (as Express would pass on), in `0 ... Int32.max`. Fractions, exponents (`2.0`, `2E0`), signs
    /// and spaces are refused, as are bodies that are not a JSON object or repeat a member.
    public init(key: String, body: [UInt8]) throws(CatalogueError) {
        let fields = try CatalogueFields(CatalogueFields.parse(body), path: "")
        let number: Int64?
        switch fields.value(key) {
        case .int(let value)?: number = value
        case .string(let text)? where (1...10).contains(text.utf8.count)
            && text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }):
            number = Int64(text)
        default: number = nil
        }
        guard let number, number >= 0, number <= Int64(Int32.max) else { throw CatalogueError.invalidField(key) }
        self.init(key: key, value: Int(number))
    }

    /// The JSON body, e.g. `{"index":0}`.
    public var body: [UInt8] { JSONValue.object(JSONObject([(key, .int(Int64(value)))])).serialized() }
}
