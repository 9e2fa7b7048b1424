import AuctionInfrastructure
import Testing

@Suite struct FrameDecoderChunkTests {
    @Test func manyFramesInRandomChunksDecodeInOrder() {
        var bytes: [UInt8] = []
        var expected: [Frame] = []
        for n in 0..<2_000 {
            let frame = Frame(dataType: 1, data: ["completionId": .int(Int64(n)), "result": true, "echo": ["n": .int(Int64(n * 7))]])
            expected.append(Frame(dataType: 1, completionID: Int64(n), data: frame.data))
            FrameEncoder.encode(frame, into: &bytes)
        }
        var rng = SplitMix64(seed: 5)
        for _ in 0..<20 {
            var decoder = FrameDecoder()
            var decoded: [Frame] = []
            var offset = 0
            while offset < bytes.count {
                let size = Int.random(in: 1...9_000, using: &rng)
                for event in decoder.feed(Array(bytes[offset..<min(bytes.count, offset + size)])) {
                    if case .frame(let frame) = event { decoded.append(frame) }
                }
                offset += size
            }
            #expect(decoded == expected)
        }
    }
}
