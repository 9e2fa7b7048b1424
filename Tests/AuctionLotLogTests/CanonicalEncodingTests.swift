import AuctionCore
import AuctionLotLog
import Testing

@Suite struct CanonicalEncodingTests {
    @Test(arguments: LotLogSamples.events) func everyKindReadsBackAsWritten(_ event: LotLogEvent) throws {
        // Given an entry of this kind
        let entry = LotLogSamples.entry(event, seq: 42)
        // When its canonical bytes are read back
        let read = try LotLogEntry(canonicalBytes: entry.canonicalBytes)
        // Then it is the same entry, and writing it again gives the same bytes
        #expect(read == entry)
        #expect(read.canonicalBytes == entry.canonicalBytes)
    }

    @Test func headerIsVersionKindLotSeqTimeBigEndian() {
        let bytes = LotLogSamples.entry(.removed(reason: "x"), seq: 0x0102).canonicalBytes
        #expect(Array(bytes.prefix(26)) == [1, 6, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0x01, 0x02]
            + [0x00, 0x00, 0x01, 0x9a, 0xe6, 0x46, 0xf0, 0x00])
        #expect(Array(bytes.suffix(5)) == [0, 0, 0, 1, UInt8(ascii: "x")])
    }

    @Test func refusesEveryShortPrefix() {
        for event in LotLogSamples.events {
            let bytes = LotLogSamples.entry(event).canonicalBytes
            for length in 0..<bytes.count {
                #expect(throws: LotLogError.self, "\(event.kindName) cut at \(length)") {
                    try LotLogEntry(canonicalBytes: Array(bytes.prefix(length)))
                }
            }
        }
    }

    @Test func refusesTrailingBytes() {
        let bytes = LotLogSamples.entry(.removed(reason: "spam")).canonicalBytes + [0]
        #expect(throws: LotLogError.malformedEntry("bytes after the removed entry's fields")) { try LotLogEntry(canonicalBytes: bytes) }
    }

    @Test func refusesAFlagByteOfTwo() {
        // The bid's `automatic` flag is its last byte.
        var bytes = LotLogSamples.entry(LotLogSamples.events[2]).canonicalBytes
        bytes[bytes.count - 1] = 2
        #expect(throws: LotLogError.malformedEntry("a flag byte is 2, not 0 or 1")) { try LotLogEntry(canonicalBytes: bytes) }
        // A presence byte is a flag too: `ends_at` of the listing's terms follows the start price.
        var listed = LotLogSamples.entry(LotLogSamples.events[0]).canonicalBytes
        listed[26 + 8] = 2
        #expect(throws: LotLogError.self) { try LotLogEntry(canonicalBytes: listed) }
    }

    @Test func refusesAnUnknownKindAndAnotherVersion() {
        var bytes = LotLogSamples.entry(.removed(reason: "x")).canonicalBytes
        bytes[1] = 8
        #expect(throws: LotLogError.malformedEntry("unknown kind 8")) { try LotLogEntry(canonicalBytes: bytes) }
        bytes[1] = 0
        #expect(throws: LotLogError.malformedEntry("unknown kind 0")) { try LotLogEntry(canonicalBytes: bytes) }
        bytes = LotLogSamples.entry(.removed(reason: "x")).canonicalBytes
        bytes[0] = 2
        #expect(throws: LotLogError.malformedEntry("encoding version 2")) { try LotLogEntry(canonicalBytes: bytes) }
    }

    @Test func refusesAStringOverTheLimitButReadsOneAtIt() throws {
        let atLimit = String(repeating: "é", count: 512)  // 1,024 bytes
        #expect(try LotLogEntry(canonicalBytes: LotLogSamples.entry(.removed(reason: atLimit)).canonicalBytes).event
            == .removed(reason: atLimit))
        let over = LotLogSamples.entry(.removed(reason: atLimit + "x")).canonicalBytes
        #expect(throws: LotLogError.malformedEntry("a string of 1025 bytes")) { try LotLogEntry(canonicalBytes: over) }
    }

    @Test func refusesAStringThatIsNotUTF8() {
        var bytes = LotLogSamples.entry(.removed(reason: "ab")).canonicalBytes
        bytes[bytes.count - 1] = 0xff
        #expect(throws: LotLogError.malformedEntry("a string is not UTF-8")) { try LotLogEntry(canonicalBytes: bytes) }
    }

    @Test func refusesALotBeyondTheIDRange() {
        var bytes = LotLogSamples.entry(.removed(reason: "x")).canonicalBytes
        bytes[2] = 0x80
        #expect(throws: LotLogError.self) { try LotLogEntry(canonicalBytes: bytes) }
    }
}
