import AuctionCLI
import AuctionInfrastructure
import Testing

/// Several socket addresses and HTTP bases from every source: flag, environment, config file, profile.
@Suite struct ConfigurationEndpointListTests {
    @Test func aFlagListKeepsItsOrderAndTheFirstIsTheDefaultOne() throws {
        let configuration = try ConfigurationResolver.resolve(
            flags: EndpointOverrides(http: "http://a:3100,http://b:3100", socket: "a:3200,[::1]:3201,c:3202"), environment: [:])
        #expect(configuration.sockets == [SocketEndpoint(host: "a", port: 3200), SocketEndpoint(host: "::1", port: 3201),
                                          SocketEndpoint(host: "c", port: 3202)])
        #expect(configuration.socket == SocketEndpoint(host: "a", port: 3200))
        #expect(configuration.httpBases == [HTTPBaseURL(host: "a", port: 3100), HTTPBaseURL(host: "b", port: 3100)])
        #expect(configuration.socketsDescription == "a:3200,[::1]:3201,c:3202")
        #expect(configuration.httpDescription == "http://a:3100,http://b:3100")
    }

    @Test func theEnvironmentConfigFileAndProfileTakeListsToo() throws {
        let environment = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_SOCKET": "e:1, e:2"])
        #expect(environment.sockets.map(\.port) == [1, 2])
        let file = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:],
                                                     configFile: (text: "socket = \"f:1,f:2\"\nhttp = f:81,f:82 # two nodes\n", path: "c"))
        #expect(file.sockets.map(\.port) == [1, 2] && file.httpBases.map(\.port) == [81, 82])
        let cluster = Profile(name: "cluster", text: "http = http://n1:3100,http://n2:3100\nsocket = n1:3200,n2:3200\n")
        let profiled = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "cluster"), environment: [:],
                                                         profiles: ["cluster": cluster])
        #expect(profiled.sockets.map(\.host) == ["n1", "n2"] && profiled.httpBases.map(\.host) == ["n1", "n2"])
        #expect(profiled.socketSource == .profile("cluster"))
    }

    @Test func aBadItemNamesItsSourceAndPosition() {
        #expect(throws: ConfigurationError.invalidSocketAddress(source: "the command line", value: "a:1,,b:2",
                                                               reason: "address 2 of 3 is empty (a stray comma?)")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(socket: "a:1,,b:2"), environment: [:])
        }
        #expect(throws: ConfigurationError.invalidHTTPURL(source: "environment variable AUCTION_HTTP", value: "http://a,ftp://b",
                                                         reason: "address 2 `ftp://b`: the URL must start with http:// or https://")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_HTTP": "http://a,ftp://b"])
        }
        let seventeen = (1...17).map { "h:\($0)" }.joined(separator: ",")
        #expect(throws: ConfigurationError.invalidSocketAddress(source: "c", value: seventeen, reason: "at most 16 addresses, not 17")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: (text: "socket = \(seventeen)", path: "c"))
        }
    }

    @Test func aBadListIsAUsageErrorBeforeAnythingIsSent() async {
        let run = await CommandHarness.run(["--socket", "127.0.0.1:1,127.0.0.1:0", "list"])
        #expect(run.status == .usage)
        #expect(run.stderr.contains("invalid socket address `127.0.0.1:1,127.0.0.1:0` from the command line: address 2 `127.0.0.1:0`"),
                "stderr: \(run.stderr)")
    }
}
