import AuctionInfrastructure
import Testing

@Suite struct EndpointListTests {
    @Test func parsesSeveralSocketAddressesInOrderWithIPv6InBrackets() throws {
        let endpoints = try SocketEndpoint.list(parsing: "127.0.0.1:3200, [::1]:3201,node-c:3202")
        #expect(endpoints == [SocketEndpoint(host: "127.0.0.1", port: 3200), SocketEndpoint(host: "::1", port: 3201),
                              SocketEndpoint(host: "node-c", port: 3202)])
        #expect(try SocketEndpoint.list(parsing: "h:1") == [SocketEndpoint(host: "h", port: 1)])
    }

    @Test func aBadItemIsNamedWithItsPosition() {
        #expect(throws: EndpointParseError("address 2 `h:0`: the port must be a number from 1 to 65535, not `0`")) {
            try SocketEndpoint.list(parsing: "h:1,h:0")
        }
        #expect(throws: EndpointParseError("address 3 `::1:5`: write IPv6 addresses in brackets, e.g. [::1]:3200")) {
            try SocketEndpoint.list(parsing: "a:1,b:2,::1:5")
        }
        #expect(throws: EndpointParseError("address 1 `a`: missing `:PORT`")) { try SocketEndpoint.list(parsing: "a,b:2") }
        // One address alone keeps the plain message.
        #expect(throws: EndpointParseError("the port must be a number from 1 to 65535, not `65536`")) {
            try SocketEndpoint.list(parsing: "h:65536")
        }
    }

    @Test func emptyItemsAndRepeatsAreRefused() {
        #expect(throws: EndpointParseError("no address")) { try SocketEndpoint.list(parsing: " ") }
        #expect(throws: EndpointParseError("address 2 of 3 is empty (a stray comma?)")) { try SocketEndpoint.list(parsing: "a:1,,b:2") }
        #expect(throws: EndpointParseError("address 2 of 2 is empty (a stray comma?)")) { try SocketEndpoint.list(parsing: "a:1,") }
        #expect(throws: EndpointParseError("`a:1` is listed twice")) { try SocketEndpoint.list(parsing: "a:1,b:2, a:1") }
    }

    @Test func atMostSixteenAddresses() throws {
        let sixteen = (1...16).map { "h:\($0)" }.joined(separator: ",")
        #expect(try SocketEndpoint.list(parsing: sixteen).count == 16)
        #expect(throws: EndpointParseError("at most 16 addresses, not 17")) { try SocketEndpoint.list(parsing: sixteen + ",h:17") }
    }

    @Test func parsesSeveralHTTPBases() throws {
        let bases = try HTTPBaseURL.list(checking: "http://127.0.0.1:3100,localhost:3101/api/, http://[::1]:3102")
        #expect(bases == [HTTPBaseURL(host: "127.0.0.1", port: 3100), HTTPBaseURL(host: "localhost", port: 3101, basePath: "/api"),
                          HTTPBaseURL(host: "::1", port: 3102)])
        #expect(try HTTPBaseURL.list(checking: "http://a,https://b").map(\.isSecure) == [false, true])
        #expect(throws: EndpointParseError("address 2 `ftp://b`: the URL must start with http:// or https://")) {
            try HTTPBaseURL.list(checking: "http://a,ftp://b")
        }
    }
}
