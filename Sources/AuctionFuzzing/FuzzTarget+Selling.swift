import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// Selling bodies (issue 19): `POST /products` as JSON or multipart and `PATCH /products/{id}` as
/// JSON, through the server's own parsing and rules. Whatever the bytes, nothing traps, a refusal is
/// a 4xx with a reason, and what is accepted keeps every bound (name, description, marks, prices, images).
extension FuzzTarget {
    /// Selling request bodies, JSON and multipart.
    public static let selling = FuzzTarget(name: "selling", generate: generateSelling, run: runSelling)

    private static let sellingRules = SaleRules(maximumPrice: Money(1_000_000_000))
    private static let boundary = "fz"
    private static let names = ["Lamp", "", " ", "a\u{0301}\u{0301}", String(repeating: "n", count: 121), "é\u{0301}", "\u{1F600}",
                                String(repeating: "a\u{0301}", count: 60), "\u{0}", "\t x \n"]
    private static let values = ["1000", "0", "-1", "1e3", "100.0", "99999999999999999999", "3600", "59", "", "x", "1000000000"]
    private static let sellingFields = ["name", "description", "start_price", "duration_seconds", "ends_at", "reserve", "buy_now",
                               "min_increment", "image_hashes"]

    private static func generateSelling(_ random: inout SplitMix64) -> [UInt8] {
        let kind = UInt8.random(in: 0...2, using: &random)
        var fields: [(String, String)] = [("name", names.randomElement(using: &random) ?? "")]
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let key = sellingFields.randomElement(using: &random) ?? "name"
            let value = key == "name" || key == "description"
                ? (names.randomElement(using: &random) ?? "") + String(repeating: "\u{0301}", count: Int.random(in: 0...12, using: &random))
                : (values.randomElement(using: &random) ?? "")
            fields.append((key, value))
        }
        var body: [UInt8]
        if kind == 1 {
            body = MultipartFormData(parts: fields.map { MultipartPart(name: $0.0, body: Array($0.1.utf8)) }).serialized(boundary: boundary)
        } else {
            let members: [(String, JSONValue)] = fields.map { key, value in
                if let number = Int64(value), Bool.random(using: &random) { return (key, .int(number)) }
                return (key, .string(value))
            }
            body = JSONValue.object(JSONObject(members)).serialized()
        }
        if Bool.random(using: &random) {
            body = [UInt8].mutated(body, using: &random, alphabet: Array("{}[]\":,-\r\n0123456789".utf8) + [0xCC, 0x81])
        }
        return [kind] + body
    }

    private static func runSelling(_ bytes: [UInt8]) -> String? {
        guard let kind = bytes.first else { return nil }
        let body = Array(bytes.dropFirst())
        let contentType = kind == 1 ? "multipart/form-data; boundary=\(boundary)" : "application/json"
        let request = HTTPRequest(method: kind == 2 ? .patch : .post, target: "/products", headers: ["Content-Type": contentType], body: body)
        let now = Timestamp(millisecondsSinceEpoch: 1_700_000_000_000)
        do throws(SaleRefusal) {
            if kind == 2 {
                let edit = try SellingEndpoints.saleEdit(from: request, rules: sellingRules, current: nil, now: now)
                return edit.name.flatMap(nameProblem) ?? edit.description.flatMap(descriptionProblem)
            }
            var admitted = 0
            let listing = try SellingEndpoints.listing(from: request, rules: sellingRules, now: now) { images, _ in admitted = images }
            if let problem = nameProblem(listing.name) ?? descriptionProblem(listing.description) { return problem }
            if listing.startPrice < Money(1) || listing.startPrice > sellingRules.maximumPrice { return "start price \(listing.startPrice) accepted" }
            if listing.uploads.count != admitted { return "\(listing.uploads.count) images decoded, \(admitted) admitted" }
            return nil
        } catch {
            guard (400...429).contains(error.status), !error.reason.isEmpty else { return "refused with \(error.status) \(error.reason)" }
            return nil
        }
    }

    private static func nameProblem(_ name: String) -> String? {
        name.isEmpty || name.count > 120 || name.utf8.count > SaleRules.maximumNameBytes || tooManyMarks(name)
            ? "name of \(name.utf8.count) bytes accepted" : nil
    }

    private static func descriptionProblem(_ text: String) -> String? {
        text.count > 10_000 || text.utf8.count > SaleRules.maximumDescriptionBytes || tooManyMarks(text)
            ? "description of \(text.utf8.count) bytes accepted" : nil
    }

    /// Whether a character carries more combining marks than the rule allows.
    private static func tooManyMarks(_ text: String) -> Bool {
        LotTextRules.violation(of: text, maximumBytes: .max, maximumCharacters: .max) == .tooManyMarks
    }
}
