import AuctionInfrastructure
import Testing

@Suite struct FrameDecoderFuzzTests {
    @Test func randomBytesNeverCrashOrHang() {
        var rng = SplitMix64(seed: 0xA11CE)
        let alphabet = Array(#"{}[]"\/:, 0123456789abcdefnrtu-+.eE"#.utf8) + [0x00, 0x0A, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF]
        for _ in 0..<300 {
            var decoder = FrameDecoder(maximumFrameBytes: 512, maximumMalformedFrames: 1_000)
            for _ in 0..<20 {
                let length = Int.random(in: 0..<200, using: &rng)
                let chunk = (0..<length).map { _ in
                    Bool.random(using: &rng) ? alphabet.randomElement(using: &rng) ?? 0 : UInt8.random(in: 0...255, using: &rng)
                }
                let events = decoder.feed(chunk)
                #expect(decoder.bufferedByteCount <= 512 + 200)
                #expect(events.count <= chunk.count + 1)
            }
            // Whatever came before, once a fatal error stopped it the decoder holds nothing.
            if decoder.hasFailed { #expect(decoder.bufferedByteCount == 0) }
        }
    }

    @Test func mutatedValidStreamsNeverCrashAndRecoverAfterwards() {
        var rng = SplitMix64(seed: 42)
        var clean: [UInt8] = []
        for id in 0..<20 {
            FrameEncoder.encode(Frame(dataType: 2, completionID: Int64(id), data: ["product_id": .int(Int64(id)), "note": "a/b"]), into: &clean)
        }
        for _ in 0..<500 {
            var bytes = clean
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
                }
            }
            var decoder = FrameDecoder(maximumFrameBytes: 8_192, maximumMalformedFrames: 1_000)
            var offset = 0
            while offset < bytes.count {
                let size = Int.random(in: 1...64, using: &rng)
                _ = decoder.feed(Array(bytes[offset..<min(bytes.count, offset + size)]))
                offset += size
            }
            if !decoder.hasFailed {
                // Whatever the damage, a fresh frame after a balanced close is still read, unless a string stays open.
                _ = decoder.feed(Array("\"}]}]}/".utf8))
                let after = decoder.feed(FrameEncoder.encode(Frame(dataType: 10)))
                #expect(after.count <= 2)
            }
        }
    }

    @Test func hostileNestingIsMalformedNotAStackOverflow() {
        var decoder = FrameDecoder(maximumFrameBytes: 65_536)
        let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "/"
        let events = decoder.feed(Array(deep.utf8))
        guard case .malformed(.invalidJSON(.tooDeep)) = events.first else {
            Issue.record("expected tooDeep, got \(events)")
            return
        }
    }
}
