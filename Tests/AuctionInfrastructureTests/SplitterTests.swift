import AuctionInfrastructure
import Testing

@Suite struct SplitterTests {
    @Test func splitterIsSlash() { #expect(WireProtocol.splitter == UInt8(ascii: "/")) }
}
