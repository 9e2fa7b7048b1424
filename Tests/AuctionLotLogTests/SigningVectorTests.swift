import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Testing

@Suite struct SigningVectorTests {
    private func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }

    @Test func ed25519MatchesRFC8032Test1() throws {
        let key = try #require(Ed25519PrivateKey(seed: bytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")))
        #expect(Hex.encode(key.publicKey) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        let signature = key.signature(of: [])
        #expect(Hex.encode(signature) == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
        #expect(Ed25519.isValid(signature: signature, of: [], publicKey: key.publicKey))
    }

    @Test func ed25519MatchesRFC8032Test2() throws {
        let key = try #require(Ed25519PrivateKey(seed: bytes("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")))
        #expect(Hex.encode(key.publicKey) == "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c")
        let signature = key.signature(of: [0x72])
        #expect(Hex.encode(signature) == "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
            + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")
        #expect(Ed25519.isValid(signature: signature, of: [0x72], publicKey: key.publicKey))
    }

    @Test func ed25519RefusesAnotherKeyMessageOrSignature() throws {
        let one = try #require(Ed25519PrivateKey(seed: LotLogFixture.testSeed))
        let two = try #require(Ed25519PrivateKey(seed: LotLogFixture.otherSeed))
        let signature = one.signature(of: [1, 2, 3])
        #expect(!Ed25519.isValid(signature: signature, of: [1, 2, 3], publicKey: two.publicKey))
        #expect(!Ed25519.isValid(signature: signature, of: [1, 2, 4], publicKey: one.publicKey))
        var flipped = signature
        flipped[10] ^= 0x40
        #expect(!Ed25519.isValid(signature: flipped, of: [1, 2, 3], publicKey: one.publicKey))
        #expect(!Ed25519.isValid(signature: Array(signature.prefix(63)), of: [1, 2, 3], publicKey: one.publicKey))
        #expect(Ed25519PrivateKey(seed: [1, 2, 3]) == nil)
    }

    @Test func hmacMatchesRFC4231() {
        let cases: [(key: [UInt8], data: [UInt8], tag: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            (Array(1...25), [UInt8](repeating: 0xcd, count: 50),
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            ([UInt8](repeating: 0xaa, count: 131),
             Array(("This is a test using a larger than block-size key and a larger than block-size data. The key needs to "
                    + "be hashed before being used by the HMAC algorithm.").utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (index, vector) in cases.enumerated() {
            #expect(Hex.encode(HMACSHA256.tag(key: vector.key, message: vector.data)) == vector.tag, "case \(index)")
        }
        // RFC 4231 case 5 checks a tag truncated to 128 bits.
        #expect(Hex.encode(Array(HMACSHA256.tag(key: [UInt8](repeating: 0x0c, count: 20), message: Array("Test With Truncation".utf8))
            .prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test func keyIDIsTheFirstEightBytesOfTheKeysHash() throws {
        let key = try #require(Ed25519PrivateKey(seed: LotLogFixture.testSeed))
        #expect(KeyID.of(publicKey: key.publicKey) == Array(SHA256.hash(key.publicKey).prefix(8)))
    }
}
