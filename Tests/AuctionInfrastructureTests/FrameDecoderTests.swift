import AuctionInfrastructure
import Testing

@Suite struct FrameDecoderTests {
    /// Frames in the original backend's exact shapes, including a `/` it does not escape.
    static let stream: [UInt8] = Array((
        #"{"dataType":1,"completionId":0,"data":{"stateNumber":0}}/"#
        + #"{"dataType":2,"completionId":7,"data":{"product_id":5,"product_price":35000,"user_id":1}}/"#
        + #"{"dataType":1,"data":{"completionId":7,"result":true}}/"#
        + "\n  " + #"{"dataType":2,"data":{"product_id":5,"product_price":35000,"state":true,"auction_date":"2023-02-11","beforePrice":500}}/"#
        + #"{"dataType":8,"completionId":3,"data":{"room":"a/b","text":"x / y // {not json} \"/\" \\"}}/"#
        + #"{"dataType":8,"completionId":4,"data":{"room":"a\/b","text":"[\/]","nested":{"deep":[{"k":"/"}]}}}/"#
        + #" {"dataType":3,"data":{"sender":"민수","text":"🎉 café /\u00e9\ud83d\ude00"}} / "#
    ).utf8)

    static let expected: [Frame] = [
        Frame(dataType: 1, completionID: 0, data: ["stateNumber": 0]),
        Frame(dataType: 2, completionID: 7, data: ["product_id": 5, "product_price": 35000, "user_id": 1]),
        Frame(dataType: 1, completionID: 7, data: ["completionId": 7, "result": true]),
        Frame(dataType: 2, data: ["product_id": 5, "product_price": 35000, "state": true,
                                  "auction_date": "2023-02-11", "beforePrice": 500]),
        Frame(dataType: 8, completionID: 3, data: ["room": "a/b", "text": "x / y // {not json} \"/\" \\"]),
        Frame(dataType: 8, completionID: 4, data: ["room": "a/b", "text": "[/]", "nested": ["deep": [["k": "/"]]]]),
        Frame(dataType: 3, data: ["sender": "민수", "text": "🎉 café /é😀"]),
    ]

    @Test func decodesOriginalBackendShapesWhole() {
        var decoder = FrameDecoder()
        #expect(decoder.feed(Self.stream) == Self.expected.map { .frame($0) })
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func everySplitPositionDecodesIdentically() {
        for cut in 0...Self.stream.count {
            var decoder = FrameDecoder()
            let events = decoder.feed(Array(Self.stream[..<cut])) + decoder.feed(Array(Self.stream[cut...]))
            #expect(events == Self.expected.map { .frame($0) }, "cut at \(cut)")
        }
    }

    @Test func everyPairOfSplitPositionsDecodesIdentically() {
        let bytes = Array(Self.stream.prefix(160))
        var whole = FrameDecoder()
        let expected = whole.feed(bytes)
        #expect(expected.count == 2)
        for first in 0...bytes.count {
            for second in first...bytes.count {
                var decoder = FrameDecoder()
                let events = decoder.feed(Array(bytes[..<first])) + decoder.feed(Array(bytes[first..<second]))
                    + decoder.feed(Array(bytes[second...]))
                #expect(events == expected, "cuts at \(first), \(second)")
            }
        }
    }

    @Test func byteAtATimeDecodesIdentically() {
        var decoder = FrameDecoder()
        var events: [FrameEvent] = []
        for byte in Self.stream { events += decoder.feed([byte]) }
        #expect(events == Self.expected.map { .frame($0) })
    }

    @Test func encodedFramesRoundTripWithSlashesEscaped() {
        var bytes: [UInt8] = []
        for frame in Self.expected { FrameEncoder.encode(frame, into: &bytes) }
        #expect(bytes.filter { $0 == UInt8(ascii: "/") }.count == Self.expected.count)
        var decoder = FrameDecoder()
        #expect(decoder.feed(bytes) == Self.expected.map { .frame($0) })
    }

    @Test func whitespaceAndEmptyFramesBetweenFramesAreIgnored() {
        var decoder = FrameDecoder()
        let events = decoder.feed(Array(" \r\n\t//  {\"dataType\":10,\"data\":{}}  /\n\n".utf8))
        #expect(events == [.frame(Frame(dataType: 10))])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func malformedFramesAreReportedSkippedAndCounted() {
        var decoder = FrameDecoder()
        let input = #"{"dataType":1,"data":{}, oops}/[1,2]/{"data":{}}/{"dataType":"2","data":{}}/"#
            + #"{"dataType":2}/{"dataType":2,"completionId":"x","data":{}}/{"dataType":10,"data":{}}/"#
        let events = decoder.feed(Array(input.utf8))
        #expect(events.count == 7)
        #expect(events[1] == .malformed(.notAnObject))
        #expect(events[2] == .malformed(.missingField("dataType")))
        #expect(events[3] == .malformed(.invalidField("dataType")))
        #expect(events[4] == .malformed(.missingField("data")))
        #expect(events[5] == .malformed(.invalidField("completionId")))
        #expect(events[6] == .frame(Frame(dataType: 10)))
        guard case .malformed(.invalidJSON) = events[0] else {
            Issue.record("expected invalid JSON, got \(events[0])")
            return
        }
        #expect(decoder.malformedCount == 6)
    }

    @Test func invalidUTF8IsMalformedNotFatal() {
        var decoder = FrameDecoder()
        let bytes: [UInt8] = Array(#"{"dataType":3,"data":{"text":""#.utf8) + [0xFF, 0xFE] + Array(#""}}/{"dataType":10,"data":{}}/"#.utf8)
        let events = decoder.feed(bytes)
        #expect(events == [.malformed(.invalidJSON(.invalidUTF8(offset: 30))), .frame(Frame(dataType: 10))])
    }

    @Test func tooManyMalformedFramesIsFatal() {
        var decoder = FrameDecoder(maximumFrameBytes: 1_024, maximumMalformedFrames: 2)
        let events = decoder.feed(Array("x/y/z/{\"dataType\":10,\"data\":{}}/".utf8))
        #expect(events.count == 3)
        #expect(events.last == .fatal(.tooManyMalformedFrames(limit: 2)))
        #expect(decoder.hasFailed)
        #expect(decoder.feed(Array("{\"dataType\":10,\"data\":{}}/".utf8)).isEmpty)
    }

    @Test func frameAtTheSizeLimitDecodesAndOneByteMoreIsFatal() {
        let frame = Array(#"{"dataType":10,"data":{"pad":"xxxxxxxx"}}"#.utf8)
        var fits = FrameDecoder(maximumFrameBytes: frame.count)
        #expect(fits.feed(frame + [UInt8(ascii: "/")]).count == 1)
        var tooBig = FrameDecoder(maximumFrameBytes: frame.count - 1)
        #expect(tooBig.feed(frame + [UInt8(ascii: "/")]) == [.fatal(.frameTooLarge(limit: frame.count - 1))])
    }

    @Test func endlessFrameIsFatalWithBoundedMemory() {
        var decoder = FrameDecoder(maximumFrameBytes: 4_096)
        var events = decoder.feed(Array("{\"dataType\":1,\"data\":\"".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<20 where events.isEmpty {
            events += decoder.feed(chunk)
            #expect(decoder.bufferedByteCount <= 4_096 + chunk.count)
        }
        #expect(events == [.fatal(.frameTooLarge(limit: 4_096))])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func completionIdAtTopLevelWinsOverOneInData() {
        var decoder = FrameDecoder()
        let events = decoder.feed(Array(#"{"dataType":1,"completionId":3,"data":{"completionId":9}}/"#.utf8))
        #expect(events == [.frame(Frame(dataType: 1, completionID: 3, data: ["completionId": 9]))])
    }

    @Test func unknownDataTypesStillDecodeAsFrames() {
        var decoder = FrameDecoder()
        #expect(decoder.feed(Array(#"{"dataType":999,"data":[1]}/"#.utf8)) == [.frame(Frame(dataType: 999, data: [1]))])
    }
}
