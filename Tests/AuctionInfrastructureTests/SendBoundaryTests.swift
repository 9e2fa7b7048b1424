import AuctionInfrastructure
import Testing

/// Sends for a peer that reads fixed-size chunks: at most N bytes, ending just after a delimiter.
@Suite struct SendBoundaryTests {
    static let rule = SendBoundary(maximumBytes: 10, delimiter: UInt8(ascii: "/"))

    static func ends(_ text: String, rule: SendBoundary = rule) -> [Int] {
        let bytes = Array(text.utf8)
        var start = 0, ends: [Int] = []
        while start < bytes.count {
            let end = bytes.withUnsafeBytes { rule.end(of: $0, from: start) }
            ends.append(end)
            start = end
        }
        return ends
    }

    @Test func cutsAtTheLastDelimiterWithinReach() {
        #expect(Self.ends("abc/defg/hijklm/no/x/") == [9, 19, 21])
    }

    @Test func outputWithinReachGoesWhole() {
        #expect(Self.ends("abc/def/") == [8])
    }

    @Test func aMessageLongerThanTheLimitGoesAloneThroughItsDelimiter() {
        #expect(Self.ends("abcdefghijklmnop/q/") == [17, 19])
    }

    @Test func aContinuationAfterAShortSendEndsAtTheNextDelimiter() {
        let bytes = Array("abc/defghij/k/".utf8)
        #expect(bytes.withUnsafeBytes { Self.rule.end(of: $0, from: 5) } == 14)
    }
}
