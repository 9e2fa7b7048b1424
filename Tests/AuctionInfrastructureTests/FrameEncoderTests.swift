import AuctionInfrastructure
import Testing

@Suite struct FrameEncoderTests {
    @Test func writesTheOriginalEnvelopeShape() {
        let frame = Frame(dataType: 2, completionID: 7, data: ["product_id": 5, "product_price": 35000])
        let text = String(decoding: FrameEncoder.encode(frame), as: UTF8.self)
        #expect(text == #"{"dataType":2,"completionId":7,"data":{"product_id":5,"product_price":35000}}/"#)
    }

    @Test func omitsCompletionIdForPushes() {
        let text = String(decoding: FrameEncoder.encode(Frame(dataType: 10)), as: UTF8.self)
        #expect(text == #"{"dataType":10,"data":{}}/"#)
    }

    @Test func neverWritesARawSlashInsideAFrame() {
        let frame = Frame(dataType: 8, completionID: 1, data: ["room": "a/b", "text": "//\\/"])
        let bytes = FrameEncoder.encode(frame)
        #expect(bytes.firstIndex(of: UInt8(ascii: "/")) == bytes.count - 1)
    }
}
