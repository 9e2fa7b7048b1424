import AuctionInfrastructure
import Testing

@Suite struct HTTPBaseURLTests {
    @Test func parsesHostPortAndBasePath() throws {
        #expect(try HTTPBaseURL(parsing: "http://127.0.0.1:3100") == HTTPBaseURL(host: "127.0.0.1", port: 3100))
        #expect(try HTTPBaseURL(parsing: "HTTP://localhost:8099/api/") == HTTPBaseURL(host: "localhost", port: 8099, basePath: "/api"))
        #expect(try HTTPBaseURL(parsing: "http://[::1]:3100").authority == "[::1]:3100")
        #expect(try HTTPBaseURL(parsing: "example.org").port == 80)
        #expect(try HTTPBaseURL(parsing: "http://h:1/base").target("/products/alllist") == "/base/products/alllist")
    }

    @Test func parsesHTTPSWithItsDefaultPortAndTLSSocketAddresses() throws {
        #expect(try HTTPBaseURL(parsing: "https://auction.example") == HTTPBaseURL(host: "auction.example", port: 443, isSecure: true))
        #expect(try HTTPBaseURL(parsing: "HTTPS://[::1]:8443/api").description == "https://[::1]:8443/api")
        #expect(try HTTPBaseURL(parsing: "localhost:3100").isSecure == false)
        #expect(try SocketEndpoint(parsing: "tls://auction.example:3200") == SocketEndpoint(host: "auction.example", port: 3200, isSecure: true))
        #expect(try SocketEndpoint(parsing: "tls://[::1]:3200").description == "tls://[::1]:3200")
        #expect(try SocketEndpoint.list(parsing: "tls://a:1,b:2").map(\.isSecure) == [true, false])
        #expect(throws: EndpointParseError("a socket address is HOST:PORT or tls://HOST:PORT")) { try SocketEndpoint(parsing: "ssl://a:1") }
    }

    @Test func refusesWhatItCannotUse() {
        for text in ["http://", "http://h:0", "http://h:99999", "http://h:x", "http://u@h:1", "http://[::1", "ftp://h", "http://h:1/a?b=c", "http://h:1#top"] {
            #expect(throws: HTTPError.invalidURL(text)) { try HTTPBaseURL(parsing: text) }
        }
    }

    @Test func saysWhatIsWrongForMessagesToTheUser() {
        #expect(throws: EndpointParseError("the URL must start with http:// or https://")) { try HTTPBaseURL(checking: "ftp://h:1") }
        #expect(throws: EndpointParseError("the URL must not have a query or fragment")) { try HTTPBaseURL(checking: "http://h:1/a?b") }
        #expect(throws: EndpointParseError("user names in URLs are not supported")) { try HTTPBaseURL(checking: "http://u@h:1") }
        #expect(throws: EndpointParseError("write IPv6 addresses in brackets, e.g. [::1]:3200")) { try HTTPBaseURL(checking: "http://::1:3100") }
        #expect(throws: EndpointParseError("the port must be a number from 1 to 65535, not `0`")) { try HTTPBaseURL(checking: "http://h:0") }
    }
}
