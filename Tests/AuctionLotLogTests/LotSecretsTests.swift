import AuctionCore
import AuctionLotLog
import Testing

@Suite struct LotSecretsTests {
    private let secrets = LotSecrets(secret: (0..<32).map { UInt8($0) })

    @Test func aliasIsStableOnALotAndDiffersAcrossLotsAndUsers() {
        let user = UserID(rawValue: 42)
        let onFive = secrets.alias(of: user, on: ProductID(5))
        #expect(secrets.alias(of: user, on: ProductID(5)) == onFive)
        #expect(LotSecrets(secret: (0..<32).map { UInt8($0) }).alias(of: user, on: ProductID(5)) == onFive)
        #expect(secrets.alias(of: user, on: ProductID(6)) != onFive)
        #expect(secrets.alias(of: UserID(rawValue: 43), on: ProductID(5)) != onFive)
        #expect(LotSecrets(secret: [UInt8](repeating: 9, count: 32)).alias(of: user, on: ProductID(5)) != onFive)
        #expect(onFive != .nobody)
    }

    @Test func aliasIsTheDocumentedDoubleHMAC() {
        let lotKey = HMACSHA256.tag(key: (0..<32).map { UInt8($0) }, message: Array("lot".utf8) + [0, 0, 0, 0, 0, 0, 0, 5])
        let tag = HMACSHA256.tag(key: lotKey, message: [0, 0, 0, 0, 0, 0, 0, 42])
        #expect(secrets.alias(of: UserID(rawValue: 42), on: ProductID(5)).bytes == Array(tag.prefix(8)))
    }

    @Test func noUserIsNobody() {
        #expect(secrets.alias(of: nil, on: ProductID(5)) == .nobody)
        #expect(LotAlias.nobody.description == "0000000000000000")
    }

    @Test func reserveNoncesDifferByLotAndVersion() {
        let nonce = secrets.reserveNonce(on: ProductID(5), version: 0)
        #expect(nonce.count == 16)
        #expect(secrets.reserveNonce(on: ProductID(5), version: 0) == nonce)
        #expect(secrets.reserveNonce(on: ProductID(5), version: 1) != nonce)
        #expect(secrets.reserveNonce(on: ProductID(6), version: 0) != nonce)
    }
}
