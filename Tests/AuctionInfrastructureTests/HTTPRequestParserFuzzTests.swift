import AuctionInfrastructure
import Testing

@Suite struct HTTPRequestParserFuzzTests {
    private static let valid = Array((
        "POST /products/alllist HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n{\"index\":0}"
            + "GET /health HTTP/1.1\r\nHost: h\r\n\r\n"
            + "POST /products/productimage HTTP/1.0\r\nContent-Length: 14\r\nConnection: keep-alive\r\n\r\n{\"image_id\":1}"
    ).utf8)

    /// Feeds the bytes in random pieces; returns the events, checking memory stays bounded.
    private func feed(_ bytes: [UInt8], using generator: inout SplitMix64, limits: HTTPRequestParser.Limits) -> [HTTPRequestParser.Event] {
        var parser = HTTPRequestParser(limits: limits)
        var events: [HTTPRequestParser.Event] = []
        var offset = 0
        while offset < bytes.count {
            let length = Int.random(in: 1...max(1, min(64, bytes.count - offset)), using: &generator)
            parser.append(Array(bytes[offset..<(offset + length)]))
            offset += length
            while let event = parser.next() { events.append(event) }
            #expect(parser.bufferedBytes <= limits.requestBytes + 64)
        }
        return events
    }

    @Test func randomSplitsOfValidRequestsParseTheSame() {
        var generator = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        var reference = HTTPRequestParser()
        reference.append(Self.valid)
        var expected: [HTTPRequestParser.Event] = []
        while let event = reference.next() { expected.append(event) }
        #expect(expected.count == 3)
        for _ in 0..<500 {
            #expect(feed(Self.valid, using: &generator, limits: .init()) == expected)
        }
    }

    @Test func randomBytesNeverCrashAndFailAtMostOnce() {
        var generator = SplitMix64(seed: 0xD1B5_4A32_D192_ED03)
        let limits = HTTPRequestParser.Limits(requestLineBytes: 128, headerBytes: 256, headerFields: 8, bodyBytes: 256)
        let alphabet = Array("GET POST / HTTP/1.1\r\n:Host Content-Length 0123456789 \t\u{0}\u{7f}".utf8)
        for round in 0..<400 {
            let count = Int.random(in: 0...600, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
            }
            let events = feed(bytes, using: &generator, limits: limits)
            let failures = events.filter { if case .failure = $0 { true } else { false } }
            #expect(failures.count <= 1)
            if let last = failures.last { #expect(events.last == last) }
        }
    }

    @Test func mutatedValidRequestsNeverCrash() {
        var generator = SplitMix64(seed: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<1_000 {
            var bytes = Self.valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            _ = feed(bytes, using: &generator, limits: .init())
        }
    }
}
