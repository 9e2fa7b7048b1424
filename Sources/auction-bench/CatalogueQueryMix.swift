// What the `catalogue` suite asks: searches drawn from the generator's own vocabulary (its most common
// words, rare ones, two- and three-syllable Korean, several words at once, FTS syntax as plain text)
// and filtered, sorted pages followed through their cursors, and hostile filters that match little or
// nothing (issue 19: each must cost a bounded page, not a walk of the catalogue).

/// The query kinds, each a list of `/products/query` targets.
struct CatalogueQueryMix {
    /// One kind of query.
    struct Kind {
        /// Its name in the table.
        var name: String
        /// Whether it is a search (else a filtered, sorted page).
        var isSearch: Bool
        /// How many next pages to follow after each first page.
        var pagesDeep: Int
        /// The request targets, taken in turn.
        var targets: [String]
    }

    /// The kinds, searches first.
    let kinds: [Kind]

    /// The mix for a catalogue with `sellers` (busiest first).
    init(sellers: [String]) {
        let english = CatalogueVocabulary.english(madeUp: 6_000).words
        let korean = CatalogueVocabulary.korean(madeUp: 3_000).words
        let common = Array(english.prefix(12))
        let rare = stride(from: 2_000, to: english.count, by: 450).map { english[$0] }
        let koreanShort = korean.filter { $0.count == 2 }
        let twoCharacter = Array(koreanShort.prefix(8)) + stride(from: 100, to: koreanShort.count, by: 300).map { koreanShort[$0] }
        let koreanLong = Array(korean.filter { $0.count >= 3 }.prefix(10))
        let multiWord = ["\(common[0]) \(common[1])", "\(common[2]) \(english[60])", "\(english[40]) \(english[90]) \(english[150])",
                         "\(korean[0]) \(korean[8])", "\(korean[3]) \(korean[20]) \(korean[41])", "\(common[5]) \(rare[1])"]
        let syntax = ["\"vintage", "lamp*", "NEAR(vintage lamp)", "vintage AND OR NOT", "\"\"\"", "-chair (desk", "col:lamp ^x"]
        let search = { (text: String) in "/products/query?search=" + Self.percentEncoded(text) }
        let ending = "/products/query?sort=ending"
        kinds = [
            Kind(name: "search: common word", isSearch: true, pagesDeep: 1, targets: common.map(search)),
            Kind(name: "search: rare word", isSearch: true, pagesDeep: 0, targets: rare.map(search)),
            Kind(name: "search: Korean, 2 characters", isSearch: true, pagesDeep: 1, targets: twoCharacter.map(search)),
            Kind(name: "search: Korean, 3+ characters", isSearch: true, pagesDeep: 1, targets: koreanLong.map(search)),
            Kind(name: "search: 2-3 words", isSearch: true, pagesDeep: 1, targets: multiWord.map(search)),
            Kind(name: "search: FTS syntax as text", isSearch: true, pagesDeep: 0, targets: syntax.map(search)),
            Kind(name: "search + sort=price / ending", isSearch: true, pagesDeep: 2,
                 targets: common.prefix(4).map { search($0) + "&sort=price" } + koreanShort.prefix(3).map { search($0) + "&sort=ending" }),
            // Two words that often meet, sorted: the sort's index drives and each row is checked for both.
            Kind(name: "search: 2 words + sort", isSearch: true, pagesDeep: 1,
                 targets: ["\(common[0]) \(english[60])", "\(common[0]) \(common[1])", "\(common[2]) \(english[40])"].flatMap { text in
                     [search(text) + "&sort=price", search(text) + "&sort=ending"]
                 }),
            Kind(name: "each sort, 4 pages deep", isSearch: false, pagesDeep: 3,
                 targets: ["id", "ending", "price", "new", "change", "bids"].map { "/products/query?sort=" + $0 }),
            Kind(name: "ending_within (1 h to 7 d)", isSearch: false, pagesDeep: 3,
                 targets: [ending + "&ending_within=3600", ending + "&ending_within=86400",
                           "/products/query?sort=price&ending_within=3600", "/products/query?sort=new&ending_within=86400",
                           "/products/query?sort=bids&ending_within=604800"]),
            Kind(name: "price range", isSearch: false, pagesDeep: 3,
                 targets: ["/products/query?sort=price&min_price=100000&max_price=200000",
                           "/products/query?sort=new&min_price=1000000",
                           "/products/query?sort=ending&max_price=5000",
                           "/products/query?sort=bids&min_price=50000&max_price=60000",
                           "/products/query?sort=change&min_price=4000000&max_price=4100000"]),
            Kind(name: "seller", isSearch: false, pagesDeep: 3,
                 targets: zip([0, 1, 10, 150, 299], ["new", "price", "ending", "bids", "id"]).map { index, sort in
                     "/products/query?sort=\(sort)&seller=" + Self.percentEncoded(sellers[min(index, sellers.count - 1)])
                 }),
            Kind(name: "hostile: filters matching ~nothing", isSearch: false, pagesDeep: 2,
                 targets: ["/products/query?status=closed&ending_within=31536000&sort=price",
                           "/products/query?status=closed&ending_within=31536000&sort=bids",
                           "/products/query?status=closed&sort=change&limit=50",
                           "/products/query?status=closed&ending_within=3600&sort=new",
                           "/products/query?status=closed&min_price=1&sort=id",
                           "/products/query?status=all&min_price=1&max_price=1000000000000000&ending_within=31536000&sort=price&limit=50"]),
            Kind(name: "hostile: search + filters", isSearch: true, pagesDeep: 2,
                 targets: common.prefix(3).map { search($0) + "&status=closed" }
                     + common.prefix(3).map { search($0) + "&status=closed&sort=price&ending_within=31536000" }),
        ]
    }

    /// `text` percent-encoded for a query string (every byte outside A–Z a–z 0–9 - _ . ~).
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
