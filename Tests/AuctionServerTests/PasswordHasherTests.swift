import AuctionServer
import Testing

@Suite struct PasswordHasherTests {
    @Test func hashesWithYescryptOrSHA512CryptAndVerifies() throws {
        let hasher = PasswordHasher()
        let hash = try hasher.hash("correct horse battery")

        #expect(hash.hasPrefix("$y$") || hash.hasPrefix("$6$"))
        #expect(!hash.contains("correct horse"))
        #expect(hasher.verify("correct horse battery", against: hash))
        #expect(!hasher.verify("correct horse batterY", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test func saltsEveryHashFreshly() throws {
        let hasher = PasswordHasher()
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first != second)
        #expect(hasher.verify("same password", against: first) && hasher.verify("same password", against: second))
    }

    @Test func sha512CryptFallbackWorks() throws {
        let hasher = try #require(PasswordHasher(prefix: "$6$"))
        let hash = try hasher.hash("fallback password")
        #expect(hash.hasPrefix("$6$"))
        #expect(hasher.verify("fallback password", against: hash))
        #expect(PasswordHasher(prefix: "$nonsense$") == nil)
    }

    @Test func longPasswordsAreDistinguishedBeyondLibcryptsLimit() throws {
        let hasher = PasswordHasher()
        let long = String(repeating: "x", count: 1000)
        let hash = try hasher.hash(long + "a")
        #expect(hasher.verify(long + "a", against: hash))
        #expect(!hasher.verify(long + "b", against: hash))
    }

    @Test func garbageHashNeverVerifies() {
        let hasher = PasswordHasher()
        #expect(!hasher.verify("anything", against: ""))
        #expect(!hasher.verify("anything", against: "*0"))
        #expect(!hasher.verify("anything", against: "not a hash"))
    }

    @Test func constantTimeEqualsComparesWholeStrings() {
        #expect(PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!PasswordHasher.constantTimeEquals([], [0]))
    }
}
