import AuctionLotLog
import Testing

@Suite struct SHA256Tests {
    @Test func matchesFIPS180Vectors() {
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
            + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8))
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func hashesOneMillionAs() {
        #expect(SHA256.hexDigest(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalUpdatesMatchOneShotAcrossBlockBoundaries() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for split in [0, 1, 55, 56, 63, 64, 65, 128, 299, 300] {
            var hasher = SHA256()
            hasher.update(bytes[..<split])
            hasher.update(bytes[split...])
            #expect(hasher.finalize() == SHA256.hash(bytes), "split at \(split)")
        }
    }

    @Test func contiguousAndByteByByteInputHashAlike() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for count in [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 640, 1_000] {
            let slice = Array(bytes.prefix(count))
            #expect(SHA256.hash(slice) == SHA256.hash(slice.lazy.map { $0 }), "\(count) bytes")
        }
        for split in [1, 13, 64, 100] {
            var hasher = SHA256()
            hasher.update(bytes.lazy.map { $0 }.prefix(split))  // some bytes pending, then a contiguous rest
            hasher.update(Array(bytes.dropFirst(split)))
            #expect(hasher.finalize() == SHA256.hash(bytes), "split at \(split)")
        }
    }
}
