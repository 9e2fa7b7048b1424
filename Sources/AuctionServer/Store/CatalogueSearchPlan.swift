/// How the store walks a search: which index finds the lots (the trigram index for long terms, else
/// the CJK pairs, else the word index), the per-row checks for the other terms, and the two ranking
/// tiers (every driving term in the name, then the rest), each walked newest first.
struct CatalogueSearchPlan {
    /// A set of lots one index finds, walked by descending product id.
    struct Source {
        /// The FROM clause joining the index (as `f`) to `products p`.
        var from: String
        /// The condition selecting the set in that index, with its values.
        var condition: CatalogueQueryConditions.Condition
        /// The column holding the product id in the index (for bounds and order).
        var idColumn: String
        /// A query counting the set's rows (capped by the caller), with its values.
        var rows: CatalogueQueryConditions.Condition
    }

    /// Every lot the driving terms find.
    let primary: Source
    /// Tier 0 (the driving terms in the name) and tier 1 (the other lots of `primary`).
    let tiers: [Source]
    /// Checks for the terms the driving index does not cover, built by `checks(database:)`.
    private let terms: SearchTerms

    /// The plan for `terms` (not `findsNothing`).
    init(_ terms: SearchTerms) {
        self.terms = terms
        if let match = terms.match {
            primary = Self.fts("product_search", match)
            tiers = [Self.fts("product_names", match), Self.fts("product_search", SearchTerms.outsideName(match))]
        } else if let pair = terms.pairs.first {
            primary = Self.pair(pair, inName: nil)
            tiers = [Self.pair(pair, inName: true), Self.pair(pair, inName: false)]
        } else {
            let words = terms.wordMatch ?? ""
            primary = Self.fts("product_words", words)
            tiers = [Self.fts("product_words", SearchTerms.inName(words)), Self.fts("product_words", SearchTerms.outsideName(words))]
        }
    }

    /// The per-row conditions for every term the primary index does not cover. A word-index term that
    /// finds few lots is read once into a set (beside a common long term, a probe per row would cost
    /// more); pairs are always probed (two B-tree seeks each).
    func checks(database: SQLiteDatabase, cap: Int) throws(StoreError) -> [CatalogueQueryConditions.Condition] {
        var checks: [CatalogueQueryConditions.Condition] = []
        let drivenByPairs = terms.match == nil && !terms.pairs.isEmpty
        for pair in terms.pairs.dropFirst(drivenByPairs ? 1 : 0) {
            checks.append(.init(sql: "EXISTS (SELECT 1 FROM product_pairs x WHERE x.pair = ? AND x.in_name IN (0, 1) AND x.product_id = p.id)",
                                values: [.text(pair)]))
        }
        if primary.from.hasPrefix("product_words") == false, let words = terms.wordMatch {
            let few = try CatalogueStore.cappedCount("SELECT rowid FROM product_words WHERE product_words MATCH ?",
                                                           [.text(words)], database, cap: cap) < cap
            checks.append(.init(sql: few ? "p.id IN (SELECT rowid FROM product_words WHERE product_words MATCH ?)"
                                         : "EXISTS (SELECT 1 FROM product_words w WHERE w.product_words MATCH ? AND w.rowid = p.id)",
                                values: [.text(words)]))
        }
        for term in terms.literalTerms {
            checks.append(.init(sql: "instr(lower(p.name), ?) > 0 OR instr(lower(p.description), ?) > 0 OR instr(lower(p.seller), ?) > 0",
                                values: [.text(term), .text(term), .text(term)]))
        }
        return checks
    }

    /// The primary set as a per-row check (when another index drives the walk). Long terms whose
    /// characters SQLite's `lower` folds as the trigram index does (ASCII, or without case: Hangul, CJK)
    /// are checked as substrings of the row's own text, a few µs a row; an FTS probe per row (the
    /// fallback, for cased letters beyond ASCII) costs ~0.3 ms at 100,000 lots, which a walk of the
    /// row budget would multiply into a page of 100 ms and more.
    var primaryCheck: CatalogueQueryConditions.Condition {
        let table = primary.from.prefix { $0 != " " }
        if table == "product_search", checksSubstrings {
            let substring = "(instr(lower(p.name), ?) > 0 OR instr(lower(p.description), ?) > 0 OR instr(lower(p.seller), ?) > 0)"
            return .init(sql: terms.longTerms.map { _ in substring }.joined(separator: " AND "),
                         values: terms.longTerms.flatMap { term in Array(repeating: StoreValue.text(term.lowercased()), count: 3) })
        }
        if table == "product_pairs" {
            return .init(sql: "EXISTS (SELECT 1 FROM product_pairs x WHERE x.pair = ? AND x.in_name IN (0, 1) AND x.product_id = p.id)",
                         values: primary.condition.values)
        }
        return .init(sql: "EXISTS (SELECT 1 FROM \(table) s WHERE s.\(table) MATCH ? AND s.rowid = p.id)", values: primary.condition.values)
    }

    /// Whether `primaryCheck` reads the row's own text (else it probes a search index per row).
    private var checksSubstrings: Bool {
        terms.match != nil && !terms.longTerms.isEmpty
            && terms.longTerms.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.changesWhenCaseMapped } }
    }

    /// Whether `primaryCheck` probes a full-text index for each row (~0.3 ms a row at 100,000 lots).
    var primaryCheckProbes: Bool {
        !checksSubstrings && !primary.from.hasPrefix("product_pairs")
    }

    private static func fts(_ table: String, _ match: String) -> Source {
        Source(from: "\(table) f JOIN products p ON p.id = f.rowid", condition: .init(sql: "f.\(table) MATCH ?", values: [.text(match)]),
               idColumn: "f.rowid", rows: .init(sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ?", values: [.text(match)]))
    }

    private static func pair(_ pair: String, inName: Bool?) -> Source {
        let filter = inName.map { $0 ? " AND f.in_name = 1" : " AND f.in_name = 0" } ?? ""
        return Source(from: "product_pairs f JOIN products p ON p.id = f.product_id",
                      condition: .init(sql: "f.pair = ?" + filter, values: [.text(pair)]), idColumn: "f.product_id",
                      rows: .init(sql: "SELECT product_id FROM product_pairs WHERE pair = ?", values: [.text(pair)]))
    }
}
