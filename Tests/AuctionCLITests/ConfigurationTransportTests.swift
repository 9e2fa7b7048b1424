import AuctionCLI
import AuctionInfrastructure
import Testing

@Suite struct ConfigurationTransportTests {
    @Test func caFileComesFromTheFlagTheEnvironmentTheFileOrTheProfile() throws {
        let file = (text: "ca_file = /file/ca.pem", path: "config")
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:]).caFile == nil)
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: file).caFile == "/file/ca.pem")
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_CA_FILE": "/env/ca.pem"],
                                                  configFile: file).caFile == "/env/ca.pem")
        var flags = EndpointOverrides()
        flags.caFile = "/flag/ca.pem"
        #expect(try ConfigurationResolver.resolve(flags: flags, environment: ["AUCTION_CA_FILE": "/env/ca.pem"]).caFile == "/flag/ca.pem")
        let profiles = ["lan": Profile(name: "lan", text: "http = https://lan.example\nsocket = tls://lan.example:3200\nca_file = /lan/ca.pem")]
        let lan = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "lan"), environment: [:], profiles: profiles)
        #expect(lan.caFile == "/lan/ca.pem")
        #expect(lan.http == HTTPBaseURL(host: "lan.example", port: 443, isSecure: true))
        #expect(lan.socket == SocketEndpoint(host: "lan.example", port: 3200, isSecure: true))
    }

    @Test func plaintextIsAllowedOnlyWhenAskedFor() throws {
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:]).allowsPlaintext == false)
        var flags = EndpointOverrides()
        flags.allowPlaintext = true
        #expect(try ConfigurationResolver.resolve(flags: flags, environment: [:]).allowsPlaintext)
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:],
                                                  configFile: (text: "allow_plaintext = true", path: "c")).allowsPlaintext)
        #expect(throws: ConfigurationError.invalidSetting(source: "environment variable AUCTION_ALLOW_PLAINTEXT", key: "allow_plaintext",
                                                          value: "maybe", reason: "expected true or false")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_ALLOW_PLAINTEXT": "maybe"])
        }
    }

    @Test func onlyNetworkServersInPlaintextAreRefusedSecrets() throws {
        func refuses(http: String, socket: String, allow: Bool = false) throws -> Bool {
            var flags = EndpointOverrides(http: http, socket: socket)
            flags.allowPlaintext = allow
            let configuration = try ConfigurationResolver.resolve(flags: flags, environment: [:])
            let context = CommandContext(configuration: configuration, console: Console(output: MemorySink(), errors: MemorySink()))
            do {
                try context.requirePrivateChannel(for: "a token", http: true, socket: true)
                return false
            } catch {
                return true
            }
        }
        #expect(try !refuses(http: "http://127.0.0.1:3100", socket: "localhost:3200"))
        #expect(try !refuses(http: "https://auction.example", socket: "tls://auction.example:3200"))
        #expect(try refuses(http: "http://auction.example", socket: "tls://auction.example:3200"))
        #expect(try refuses(http: "https://auction.example", socket: "auction.example:3200"))
        #expect(try refuses(http: "https://a.example,http://10.0.0.2:3100", socket: "tls://a.example:3200"))
        #expect(try !refuses(http: "http://auction.example", socket: "auction.example:3200", allow: true))
    }
}
