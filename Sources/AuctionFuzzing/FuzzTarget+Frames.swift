import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// Socket bytes: the frame decoder cut at arbitrary points, the JSON parser, and the client and
/// server message readers on whatever frames come out.
extension FuzzTarget {
    /// Frames and JSON.
    public static let frames = FuzzTarget(name: "frame", generate: generateFrames, run: runFrames)

    private static let limit = 4_096
    private static let numbers = ["0", "-1", "2.0", "2E6", "2000000.0", "1e400", "-0", "9223372036854775807",
                                  "9223372036854775808", "-9223372036854775808", "9007199254740993", "2147483648",
                                  "\"+1\"", "\"42\"", "\" 1\"", "\"1.0\"", "35000", "null", "true", "[]", "{}"]

    private static func generateFrames(_ random: inout SplitMix64) -> [UInt8] {
        var text = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let number = { (random: inout SplitMix64) in numbers.randomElement(using: &random) ?? "0" }
            let id = number(&random), price = number(&random), user = number(&random), completion = number(&random)
            let data: String
            switch Int.random(in: 0..<6, using: &random) {
            case 0: data = #"{"product_id":\#(id),"product_price":\#(price),"user_id":\#(user)}"#
            case 1: data = #"{"stateNumber":\#(id)}"#
            case 2: data = #"{"product_ids":[\#(id),\#(price)]}"#
            case 3: data = #"{"room":"a/b","text":"50/50 \"q\" \u002f é","room":"x"}"#
            case 4: data = #"{"product_id":\#(id),"product_price":\#(price),"product_price":\#(user)}"#
            default: data = #"{"completionId":\#(completion),"result":true,"price":\#(price)}"#
            }
            text += #"{"dataType":\#(Int.random(in: 0...12, using: &random)),"completionId":\#(completion),"data":\#(data)}/"#
        }
        let bytes = Array(text.utf8)
        let alphabet = Array(#"{}[]"\/:,0123456789eE.+-"#.utf8)
        return Bool.random(using: &random) ? bytes : [UInt8].mutated(bytes, using: &random, alphabet: alphabet)
    }

    private static func runFrames(_ bytes: [UInt8]) -> String? {
        if let broken = checkJSON(bytes) { return broken }
        var decoder = FrameDecoder(configuration: FrameDecoder.Configuration(maximumFrameBytes: limit, maximumMalformedFrames: 1_000))
        var offset = 0
        var step = 1 + Int(bytes.first ?? 0) % 97
        while offset < bytes.count {
            let end = min(bytes.count, offset + step)
            decoder.append(Array(bytes[offset..<end]))
            offset = end
            step = 1 + (step * 31 + 7) % 97
            while let event = decoder.nextEvent() {
                guard case .frame(let frame) = event else { continue }
                if let broken = checkFrame(frame) { return broken }
            }
            if decoder.bufferedByteCount > limit + 100 { return "the decoder holds \(decoder.bufferedByteCount) bytes" }
        }
        return nil
    }

    /// Whatever parses re-parses to the same value from its own serialisation, and repeats no member.
    private static func checkJSON(_ bytes: [UInt8]) -> String? {
        guard let value = try? JSONParser(maximumDepth: 32).parse(bytes) else { return nil }
        guard let again = try? JSONParser(maximumDepth: 64).parse(value.serialized()) else {
            return "the serialisation of a parsed value does not parse: \(String(decoding: value.serialized(), as: UTF8.self))"
        }
        return again == value ? nil : "a parsed value changed through its serialisation"
    }

    /// Frame fields are in range; a client message read from it reads back the same through its own frame.
    private static func checkFrame(_ frame: Frame) -> String? {
        if let id = frame.completionID, !(0...Int64(Int32.max)).contains(id) { return "completionId \(id) accepted" }
        _ = try? ServerMessage(frame: frame)
        guard let message = try? ClientMessage(frame: frame) else { return nil }
        if case .bid(let bid, let user) = message {
            if !(0...Int(Int32.max)).contains(bid.productID.rawValue) { return "product_id \(bid.productID) accepted" }
            if let user, user.rawValue < 0 { return "user_id \(user) accepted" }
        }
        var decoder = FrameDecoder()
        decoder.append(FrameEncoder.encode(message.frame(completionID: frame.completionID)))
        guard case .frame(let again)? = decoder.nextEvent(), let reread = try? ClientMessage(frame: again) else {
            return "client message \(message) does not read back from its own frame"
        }
        return reread == message ? nil : "client message \(message) read back as \(reread)"
    }
}
