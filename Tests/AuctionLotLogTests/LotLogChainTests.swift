import AuctionCore
import AuctionLotLog
import Testing

@Suite struct LotLogChainTests {
    @Test func firstEntryChainsAfterThirtyTwoZeroBytes() {
        let bytes = LotLogSamples.entry(.removed(reason: "x")).canonicalBytes
        #expect(LotLogChain.hash(of: bytes, after: LotLogChain.genesis) == SHA256.hash([UInt8](repeating: 0, count: 32) + bytes))
        #expect(ChainedEntry(LotLogSamples.entry(.removed(reason: "x")), after: LotLogChain.genesis).hash
            == LotLogChain.hash(of: bytes, after: LotLogChain.genesis))
    }

    @Test func eachHashCoversEveryEntryBeforeIt() {
        // Given two chains that differ only in their first entry
        let first = LotLogSamples.entry(LotLogSamples.events[0], seq: 1)
        var changed = first
        changed.time = changed.time.adding(milliseconds: 1)
        let second = LotLogSamples.entry(LotLogSamples.events[2], seq: 2)
        let a = ChainedEntry(second, after: ChainedEntry(first, after: LotLogChain.genesis).hash)
        let b = ChainedEntry(second, after: ChainedEntry(changed, after: LotLogChain.genesis).hash)
        // Then the second entry's bytes agree but its hash does not
        #expect(a.bytes == b.bytes)
        #expect(a.hash != b.hash)
    }
}
