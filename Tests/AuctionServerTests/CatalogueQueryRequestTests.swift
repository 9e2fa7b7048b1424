import AuctionCore
import AuctionServer
import Testing

/// The query's parameters are range-checked where they enter; the cursor round-trips and refuses anything else.
@Suite struct CatalogueQueryRequestTests {
    @Test func defaultsAreOpenLotsByIdFifteenAPage() throws {
        let request = try CatalogueQueryRequest(parameters: [:])
        #expect(request.query.sort == .id && request.query.status == .open && request.limit == 15 && request.query.search == nil)
        #expect(request.query.isPlain)
        #expect(try CatalogueQueryRequest(parameters: ["search": "  lamp "]).query.sort == .rank)
        #expect(try CatalogueQueryRequest(parameters: ["search": "lamp"]).query.search == "lamp")
        #expect(try CatalogueQueryRequest(parameters: ["search": "   "]).query.sort == .id)
        #expect(try CatalogueQueryRequest(parameters: ["search": "lamp", "sort": "id"]).query.sort == .id)
    }

    @Test func badParametersAreRefused() {
        let bad: [[String: String]] = [
            ["sort": "cheapest"], ["sort": "rank"], ["status": "sold"], ["limit": "0"], ["limit": "51"], ["limit": "-1"],
            ["min_price": "-5"], ["max_price": "1e9"], ["min_price": "10", "max_price": "5"], ["ending_within": "0"],
            ["ending_within": "99999999999999999999999"], ["ending_within": "31536001"], ["seller": ""], ["seller": "  "],
            ["seller": String(repeating: "s", count: 65)], ["cursor": "%%%"], ["colour": "red"],
            ["search": String(repeating: "가", count: 201)], ["search": String(repeating: "x", count: 10_000)],
            ["search": "a\u{1b}[2J"],
        ]
        for parameters in bad {
            #expect(throws: CatalogueQueryError.self, "\(parameters)") { try CatalogueQueryRequest(parameters: parameters) }
        }
    }

    @Test func cursorRoundTripsAndBelongsToItsSort() throws {
        let cursor = QueryCursor(sort: .price, key: -42, id: 7)
        #expect(QueryCursor(encoded: cursor.encoded) == cursor)
        #expect(cursor.encoded.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "=") })
        #expect(try CatalogueQueryRequest(parameters: ["sort": "price", "cursor": cursor.encoded]).cursor == cursor)
        #expect(throws: CatalogueQueryError.self) { try CatalogueQueryRequest(parameters: ["sort": "ending", "cursor": cursor.encoded]) }
        #expect(QueryCursor(encoded: "bm90IGEgY3Vyc29y") == nil)
    }

    /// The client's query read back by the server is the same value: one type on both sides of the wire.
    @Test func theClientsQueryParametersReadBackAsTheSameQuery() throws {
        let queries = [
            CatalogueQuery(), CatalogueQuery(search: "나이키 lamp"), CatalogueQuery(search: "lamp", sort: .price),
            CatalogueQuery(search: "lamp", sort: .id), CatalogueQuery(sort: .ending, endingWithinSeconds: 3_600, minimumPrice: 100,
                                                                     maximumPrice: 9_000, seller: "minji", status: .all),
        ]
        for query in queries {
            let parameters = Dictionary(uniqueKeysWithValues: query.parameters.map { ($0.name, $0.value) })
            #expect(try CatalogueQueryRequest(parameters: parameters).query == query, "\(parameters)")
        }
    }

    @Test func searchSyntaxIsQuotedAsText() {
        let terms = SearchTerms(#"NEAR("a" b*) -x AND "unbalanced 나이키"#)
        #expect(terms.match == #""NEAR(""a""" "b*)" "AND" """unbalanced" "나이키""#)
        #expect(terms.shortTerms == ["-x"])
    }

    @Test func formParametersDecodePercentAndPlus() {
        let form = FormParameters("search=%EB%82%98%EC%9D%B4%ED%82%A4+%EC%9A%B4%EB%8F%99%ED%99%94&sort=price")
        #expect(form?["search"] == "나이키 운동화")
        #expect(form?["sort"] == "price")
        #expect(FormParameters("a=%zz") == nil)
        #expect(FormParameters("a=1&a=2") == nil)
        #expect(FormParameters("a=%ff") == nil)
    }
}
