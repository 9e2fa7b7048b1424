import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// Client numbers are JSON integers in their documented ranges (docs/PROTOCOL.md, "Numbers on the wire").
@Suite struct WireNumberTests {
    private static func message(_ data: String, type: Int = 2) throws -> ClientMessage {
        let frame = try #require(WireMessageTests.decodeOne(#"{"dataType":\#(type),"completionId":1,"data":\#(data)}/"#))
        return try ClientMessage(frame: frame)
    }

    private static func refused(_ data: String, type: Int = 2) -> Bool {
        do {
            _ = try message(data, type: type)
            return false
        } catch {
            return error is WireError
        }
    }

    @Test func floatingPointPricesAndIdsAreRefused() {
        for data in [#"{"product_id":5,"product_price":2000000.0}"#, #"{"product_id":5,"product_price":2E6}"#,
                     #"{"product_id":5,"product_price":2e+6}"#, #"{"product_id":2.0,"product_price":35000}"#,
                     #"{"product_id":2E0,"product_price":35000}"#, #"{"product_id":5,"product_price":"35000"}"#,
                     #"{"product_id":5,"product_price":35000,"user_id":1.0}"#,
                     #"{"product_id":5,"product_price":99999999999999999999}"#] {
            #expect(Self.refused(data), "\(data)")
        }
    }

    @Test func userIDStringsMustBePlainDigits() throws {
        for user in [#""+1""#, #""-1""#, #"" 1""#, #""1 ""#, #""1.0""#, #""""#, #""١""#, #""99999999999999999999""#, "-1", "true"] {
            #expect(Self.refused(#"{"product_id":5,"product_price":35000,"user_id":\#(user)}"#), "\(user)")
        }
        #expect(try Self.message(#"{"product_id":5,"product_price":35000,"user_id":"42"}"#)
            == .bid(Bid(productID: 5, price: 35_000), userID: UserID(rawValue: 42)))
        #expect(try Self.message(#"{"product_id":5,"product_price":35000,"user_id":42}"#)
            == .bid(Bid(productID: 5, price: 35_000), userID: UserID(rawValue: 42)))
    }

    @Test func productIDsOutsideTheirRangeAreRefused() throws {
        #expect(Self.refused(#"{"product_id":-1,"product_price":35000}"#))
        #expect(Self.refused(#"{"product_id":2147483648,"product_price":35000}"#))
        #expect(Self.refused(#"{"product_ids":[1,2.0]}"#, type: 4))
        #expect(Self.refused(#"{"product_ids":[1,-5]}"#, type: 5))
        #expect(try Self.message(#"{"product_ids":[0,2147483647]}"#, type: 4) == .subscribe([0, 2_147_483_647]))
    }

    @Test func stateNumberMustBeAnIntegerIn32Bits() throws {
        #expect(Self.refused(#"{"stateNumber":1.0}"#, type: 1))
        #expect(Self.refused(#"{"stateNumber":1E0}"#, type: 1))
        #expect(Self.refused(#"{"stateNumber":9223372036854775807}"#, type: 1))
        #expect(try Self.message(#"{"stateNumber":-1}"#, type: 1) == .listState(stateNumber: -1))
    }

    @Test func integerPricesAnyWhereInInt64AreReadForTheBookToJudge() throws {
        // The limits (max_price, max_raise) are the server's settings: the book refuses with a reason.
        #expect(try Self.message(#"{"product_id":3,"product_price":9223372036854775807}"#)
            == .bid(Bid(productID: 3, price: Money(Int64.max)), userID: nil))
    }

    @Test func catalogueRequestsTakeIntegersOrDigitStringsOnly() throws {
        #expect(try CatalogueRequest(key: "index", body: Array(#"{"index":"2"}"#.utf8)).value == 2)
        #expect(try CatalogueRequest(key: "index", body: Array(#"{"index":2}"#.utf8)).value == 2)
        for body in [#"{"index":2.0}"#, #"{"index":2E0}"#, #"{"index":"+2"}"#, #"{"index":"2.00"}"#, #"{"index":" 2"}"#,
                     #"{"index":"2147483648"}"#, #"{"index":"99999999999999999999"}"#, #"{"index":1,"index":2}"#] {
            #expect(throws: CatalogueError.self, "\(body)") { try CatalogueRequest(key: "index", body: Array(body.utf8)) }
        }
    }
}
