import AuctionServer
import Testing

@Suite struct ConfigurationTests {
    @Test func defaultsAreTheOriginalLocalPorts() {
        let configuration = ServerConfiguration()
        #expect(configuration.httpPort == 3100)
        #expect(configuration.socketPort == 3200)
    }
}
