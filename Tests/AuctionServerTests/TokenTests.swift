import AuctionLotLog
import AuctionServer
import Testing

@Suite struct TokenTests {
    @Test func tokensAreLongURLSafeAndDistinct() throws {
        var seen = Set<String>()
        for _ in 0..<200 {
            let token = try SessionToken.generate()
            #expect(token.utf8.count == 43)  // 256 bits, unpadded base64url
            #expect(SessionToken.isWellFormed(token))
            #expect(token.utf8.allSatisfy { $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") })
            seen.insert(token)
        }
        #expect(seen.count == 200)
    }

    @Test func hashIsSHA256Hex() {
        #expect(SessionToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func malformedTokensAreRecognised() {
        #expect(!SessionToken.isWellFormed(""))
        #expect(!SessionToken.isWellFormed(String(repeating: "a", count: 42)))
        #expect(!SessionToken.isWellFormed(String(repeating: "a", count: 42) + "/"))
        #expect(SessionToken.isWellFormed(String(repeating: "a", count: 42) + "_"))
    }

    @Test func randomBytesAreFilledFromGetrandom() throws {
        let bytes = try SecureRandom.bytes(4096)
        #expect(bytes.count == 4096)
        #expect(Set(bytes).count > 200)  // all-zero or stuck output would fail
    }
}
