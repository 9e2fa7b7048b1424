import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// The server's counts as the client reads them: a query answer's `total` (0…2^31 − 1, null when not
/// said) and `alllist`'s `X-Total-Count` header; anything else is refused or read as "not said".
@Suite struct CatalogueTotalDTOTests {
    static func body(_ total: String) -> [UInt8] { Array(#"{"products":[],"next_cursor":null,"total":\#(total)}"#.utf8) }

    @Test func aQueryAnswersTotalIsReadInItsRange() throws {
        #expect(try CatalogueQueryDTO.page(from: Self.body("1204")).total == 1_204)
        #expect(try CatalogueQueryDTO.page(from: Self.body("null")).total == nil)
        #expect(try CatalogueQueryDTO.page(from: Array(#"{"products":[],"next_cursor":null}"#.utf8)).total == nil)
        #expect(throws: CatalogueError.self) { try CatalogueQueryDTO.page(from: Self.body("-1")) }
        #expect(throws: CatalogueError.self) { try CatalogueQueryDTO.page(from: Self.body("2147483648")) }
        #expect(throws: CatalogueError.self) { try CatalogueQueryDTO.page(from: Self.body("\"many\"")) }
    }
}
