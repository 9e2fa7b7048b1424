import AuctionCore
import AuctionImage
import AuctionInfrastructure

/// Reading a lot from a `POST /products` body (multipart or JSON) and an edit from a `PATCH` body.
extension SellingEndpoints {
    /// The fields every body may carry, besides images.
    static let fieldNames: Set<String> = ["name", "description", "start_price", "ends_at", "duration_seconds",
                                          "min_increment", "reserve", "buy_now", "image_hashes"]

    /// A checked lot from the request; its images decoded (once) to validate them.
    func listing(from request: HTTPRequest, now: Timestamp) throws(SaleRefusal) -> SaleListing {
        let contentType = request.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            let form: MultipartFormData
            do throws(MultipartError) {
                form = try MultipartFormData(body: request.body, contentType: contentType, limits: .init(
                    bodyBytes: Self.bodyLimit(rules.images), parts: rules.images.maximumImagesPerLot + Self.fieldNames.count + 4))
            } catch {
                throw SaleRefusal(status: 400, reason: error.reason, message: error.description)
            }
            let parts = form.parts(named: "image")
            try rules.checkImageCount(parts.count)
            var uploads: [ImageUpload] = []
            for part in parts {
                do throws(ImageUploadError) {
                    uploads.append(try rules.images.validate(part.body, declaredType: part.contentType))
                } catch {
                    throw .image(error)
                }
            }
            let hashes = try Self.hashes(form.field("image_hashes").map { $0.split(separator: ",").map(String.init) } ?? [])
            return try rules.listing(field: { form.field($0) }, uploads: uploads, imageHashes: hashes, now: now)
        }
        let object = try Self.jsonObject(request.body)
        let hashes = try Self.hashes(try Self.hashList(object["image_hashes"]) ?? [])
        return try rules.listing(field: { Self.text(object[$0]) }, uploads: [], imageHashes: hashes, now: now)
    }

    /// A checked edit from a JSON body; `current` is the lot as it stands (for the start price).
    func saleEdit(from request: HTTPRequest, current: Product?, now: Timestamp) throws(SaleRefusal) -> SaleEdit {
        let object = try Self.jsonObject(request.body)
        let field = { (name: String) in Self.text(object[name]) }
        var edit = SaleEdit()
        edit.name = try field("name").map { (text) throws(SaleRefusal) -> String in try rules.checkedName(text) }
        edit.description = try field("description").map { (text) throws(SaleRefusal) -> String in try rules.checkedDescription(text) }
        edit.startPrice = try field("start_price").map { (text) throws(SaleRefusal) -> Money in try rules.price(text, "start_price") }
        if field("ends_at") != nil || field("duration_seconds") != nil {
            edit.endsAt = try rules.end(endsAt: field("ends_at"), duration: field("duration_seconds"), now: now)
        }
        edit.minimumIncrement = try field("min_increment").map { (text) throws(SaleRefusal) -> Money in
            try rules.price(text, "min_increment")
        }
        edit.reserve = try field("reserve").map { (text) throws(SaleRefusal) -> Money in try rules.price(text, "reserve") }
        edit.buyNow = try field("buy_now").map { (text) throws(SaleRefusal) -> Money in try rules.price(text, "buy_now") }
        let start = edit.startPrice ?? current?.startPrice ?? Money(1)
        if let reserve = edit.reserve, reserve < start { throw .reserveBelowStart }
        if let buyNow = edit.buyNow, buyNow < start { throw .buyNowBelowStart }
        if let list = try Self.hashList(object["image_hashes"]) {
            try rules.checkImageCount(list.count)
            edit.imageHashes = try Self.hashes(list)
        }
        return edit
    }

    private static func jsonObject(_ body: [UInt8]) throws(SaleRefusal) -> JSONObject {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONValue.parse(body)
        } catch {
            throw .invalidBody("expected a JSON object (or multipart/form-data): \(error)")
        }
        guard let object = value.objectValue else { throw .invalidBody("expected a JSON object") }
        return object
    }

    /// A JSON member as the text rules read: strings as they are, integer literals in decimal; other
    /// types, and numbers written with a fraction or an exponent (`100.0`, `2E2`), become text no rule
    /// accepts — the socket's rule: money and times are whole numbers, written as such.
    private static func text(_ value: JSONValue?) -> String? {
        guard let value, !value.isNull else { return nil }
        if let text = value.stringValue { return text }
        if case .int(let number) = value { return String(number) }
        return "\u{0}"
    }

    private static func hashList(_ value: JSONValue?) throws(SaleRefusal) -> [String]? {
        guard let value, !value.isNull else { return nil }
        guard let array = value.arrayValue else { throw .invalidBody("image_hashes must be an array of hashes") }
        var hashes: [String] = []
        for element in array {
            guard let hash = element.stringValue else { throw .invalidBody("image_hashes must be an array of hashes") }
            hashes.append(hash)
        }
        return hashes
    }

    private static func hashes(_ list: [String]) throws(SaleRefusal) -> [String] {
        for hash in list where !StoredImage.isHash(hash) { throw .unknownImage }
        return list
    }
}
