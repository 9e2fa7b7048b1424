import AuctionCore
import AuctionInfrastructure

/// The wire shapes of selling: the `POST /products` multipart form, the `PATCH /products/{id}` JSON,
/// the `201 {"id":N}` answer and `GET /me/selling`'s `{"lots":[…]}`, read range-checked.
public enum LotDTO {
    /// The form fields of a listing, in the order they are sent.
    public static func fields(_ listing: LotListing) -> [(String, String)] {
        var fields: [(String, String)] = [("name", listing.name), ("description", listing.description),
                                          ("start_price", String(listing.startPrice.minorUnits))]
        fields.append(endingField(listing.ending))
        if let increment = listing.minimumIncrement { fields.append(("min_increment", String(increment.minorUnits))) }
        if let reserve = listing.reserve { fields.append(("reserve", String(reserve.minorUnits))) }
        if let buyNow = listing.buyNow { fields.append(("buy_now", String(buyNow.minorUnits))) }
        return fields
    }

    /// The `multipart/form-data` body of `POST /products`: the fields, then one `image` part per image.
    public static func form(_ listing: LotListing, images: [LotImage]) -> MultipartFormData {
        MultipartFormData(parts: fields(listing).map { MultipartPart(name: $0.0, body: Array($0.1.utf8)) }
            + images.map { MultipartPart(name: "image", filename: $0.filename, contentType: mediaType(of: $0.bytes), body: $0.bytes) })
    }

    /// A boundary that occurs in none of `form`'s parts.
    public static func boundary(for form: MultipartFormData) -> String {
        while true {
            let boundary = "auction-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let needle = Array(boundary.utf8)
            if !form.parts.contains(where: { contains($0.body, needle) || contains(Array(($0.filename ?? "").utf8), needle) }) {
                return boundary
            }
        }
    }

    /// The JSON body of `PATCH /products/{id}`: only the fields that change.
    public static func editJSON(_ edit: LotEdit) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let name = edit.name { members.append(("name", .string(name))) }
        if let description = edit.description { members.append(("description", .string(description))) }
        if let start = edit.startPrice { members.append(("start_price", .int(start.minorUnits))) }
        if let ending = edit.ending {
            switch ending {
            case .after(let seconds): members.append(("duration_seconds", .int(seconds)))
            case .at(let time): members.append(("ends_at", .int(time.millisecondsSinceEpoch)))
            }
        }
        if let increment = edit.minimumIncrement { members.append(("min_increment", .int(increment.minorUnits))) }
        if let reserve = edit.reserve { members.append(("reserve", .int(reserve.minorUnits))) }
        if let buyNow = edit.buyNow { members.append(("buy_now", .int(buyNow.minorUnits))) }
        if let hashes = edit.imageHashes { members.append(("image_hashes", .array(hashes.map { .string($0) }))) }
        return .object(JSONObject(members))
    }

    /// The `id` of `{"id": N, …}`; nil when absent or out of range.
    public static func createdID(from body: [UInt8]) -> ProductID? {
        guard let id = (try? JSONValue.parse(body))?["id"]?.intValue, BidderDTO.productIDs.contains(id) else { return nil }
        return ProductID(Int(id))
    }

    /// The `hash` of `POST /images`' answer; nil when absent or not 1–128 hex digits.
    public static func imageHash(from body: [UInt8]) -> String? {
        guard let hash = (try? JSONValue.parse(body))?["hash"]?.stringValue, (1...128).contains(hash.utf8.count),
              hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }) else { return nil }
        return hash
    }

    /// `image/png`, `image/jpeg` or `image/webp` by magic bytes, else `application/octet-stream` (the server decides).
    public static func mediaType(of bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return "application/octet-stream"
    }

    private static func endingField(_ ending: LotEnding) -> (String, String) {
        switch ending {
        case .after(let seconds): ("duration_seconds", String(seconds))
        case .at(let time): ("ends_at", String(time.millisecondsSinceEpoch))
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
