import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

@Suite struct LotDTOTests {
    @Test func theFormReadsBackWithTheChosenBoundary() throws {
        let listing = LotListing(name: "Lamp", description: "--auction-x", startPrice: 10, ending: .at(Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)),
                                 buyNow: 99)
        let form = LotDTO.form(listing, images: [LotImage(filename: "a \"b\".png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D])])
        let boundary = LotDTO.boundary(for: form)

        let read = try MultipartFormData(body: form.serialized(boundary: boundary), contentType: "multipart/form-data; boundary=\(boundary)")

        #expect(read.parts.map(\.name) == ["name", "description", "start_price", "ends_at", "buy_now", "image"])
        #expect(read.field("ends_at") == "1800000000000" && read.field("buy_now") == "99")
        #expect(read.parts(named: "image").first?.filename == "a \"b\".png")
        #expect(read.parts(named: "image").first?.contentType == "image/png")
    }

    @Test func mediaTypesComeFromMagicBytes() {
        #expect(LotDTO.mediaType(of: [0xFF, 0xD8, 0xFF, 0xDB]) == "image/jpeg")
        #expect(LotDTO.mediaType(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) == "image/webp")
        #expect(LotDTO.mediaType(of: Array("GIF89a".utf8)) == "application/octet-stream")
    }

    @Test func anEditCarriesOnlyItsFields() {
        #expect(LotDTO.editJSON(LotEdit(reserve: 5, imageHashes: [])).jsonText == #"{"reserve":5,"image_hashes":[]}"#)
        #expect(LotDTO.editJSON(LotEdit(ending: .after(seconds: 60))).jsonText == #"{"duration_seconds":60}"#)
    }

    @Test func sellingRowsRoundTrip() {
        let lots = [SellingLot(productID: ProductID(1), name: "a", status: .sold, bidCount: 2, currentPrice: 30, reserveMet: true,
                               winner: "bob", finalPrice: 30, endTime: Timestamp(millisecondsSinceEpoch: 5)),
                    SellingLot(productID: ProductID(2), name: "b", status: .open, bidCount: 0, currentPrice: 10)]
        #expect(LotDTO.selling(from: LotDTO.sellingJSON(lots).serialized()) == lots)
    }

    @Test(arguments: [
        #"{"lots":[{"product_id":1,"name":"a","status":"lost","bid_count":0,"current_price":1}]}"#,
        #"{"lots":[{"product_id":1,"name":"a","status":"open","bid_count":-1,"current_price":1}]}"#,
        #"{"lots":[{"product_id":1,"name":"a","status":"open","bid_count":0,"current_price":9007199254740992}]}"#,
        #"{"lots":[{"product_id":1,"name":"a","status":"open","bid_count":0,"current_price":1,"reserve_met":"yes"}]}"#,
        #"{"lots":[{"product_id":1,"name":"a","status":"open","bid_count":0,"current_price":1,"end_time":-5}]}"#,
        #"{"lots":{}}"#,
    ])
    func sellingRowsOutOfRangeAreRefused(body: String) {
        #expect(LotDTO.selling(from: Array(body.utf8)) == nil)
    }

    @Test func createdIDsAreRangeChecked() {
        #expect(LotDTO.createdID(from: Array(#"{"id":42}"#.utf8)) == ProductID(42))
        #expect(LotDTO.createdID(from: Array(#"{"id":4294967296}"#.utf8)) == nil)
        #expect(LotDTO.createdID(from: Array(#"{"ok":true}"#.utf8)) == nil)
    }
}
