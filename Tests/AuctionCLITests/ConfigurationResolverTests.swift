import Foundation
import AuctionCLI
import AuctionInfrastructure
import Testing

@Suite struct ConfigurationResolverTests {
    let file = (text: "# mine\nhttp = http://file-host:4000\nsocket = file-host:4001\n", path: "/cfg/auction/config")

    @Test func defaultsToTheLocalServer() throws {
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:])
        #expect(configuration.http.description == "http://127.0.0.1:3100")
        #expect(configuration.socket.description == "127.0.0.1:3200")
        #expect(configuration.httpSource == .builtInDefault)
        #expect(configuration.profile == nil)
    }

    @Test func flagBeatsEnvironmentBeatsFileBeatsProfile() throws {
        let environment = ["AUCTION_SOCKET": "env-host:5001", "AUCTION_PROFILE": "original-docker"]
        let configuration = try ConfigurationResolver.resolve(
            flags: EndpointOverrides(http: "http://flag-host:6000"), environment: environment, configFile: file)
        #expect(configuration.http == HTTPBaseURL(host: "flag-host", port: 6000))
        #expect(configuration.httpSource == .flag)
        #expect(configuration.socket == SocketEndpoint(host: "env-host", port: 5001))
        #expect(configuration.socketSource == .environment("AUCTION_SOCKET"))
        #expect(configuration.profile == "original-docker")

        let fromFile = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: file)
        #expect(fromFile.socket == SocketEndpoint(host: "file-host", port: 4001))
        #expect(fromFile.socketSource == .configFile("/cfg/auction/config"))
    }

    @Test func explicitProfileFlagBeatsTheConfigFilesEndpoints() throws {
        // Given a config file naming other hosts, when `--profile original-docker` is passed,
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "original-docker"),
                                                              environment: [:], configFile: file)
        // then the profile's endpoints win (#33: `--profile` was silently overridden by `http =`).
        #expect(configuration.http.description == "http://127.0.0.1:8099")
        #expect(configuration.socket.description == "127.0.0.1:8100")
        #expect(configuration.httpSource == .profile("original-docker"))
        #expect(configuration.dialect == .original)
    }

    @Test func profileRanksAtTheLevelThatNamedIt() throws {
        // A flag profile beats the environment's endpoints; a flag endpoint still beats the flag profile.
        let environment = ["AUCTION_HTTP": "http://env-host:5000"]
        let flagged = try ConfigurationResolver.resolve(flags: EndpointOverrides(socket: "flag-host:6001", profile: "original-docker"),
                                                        environment: environment, configFile: file)
        #expect(flagged.http.description == "http://127.0.0.1:8099")
        #expect(flagged.socket == SocketEndpoint(host: "flag-host", port: 6001))
        #expect(flagged.socketSource == .flag)
        // An environment profile beats the file, and loses to the environment's own values.
        let fromEnvironment = try ConfigurationResolver.resolve(
            flags: EndpointOverrides(), environment: environment.merging(["AUCTION_PROFILE": "original-docker"]) { $1 }, configFile: file)
        #expect(fromEnvironment.http == HTTPBaseURL(host: "env-host", port: 5000))
        #expect(fromEnvironment.socket.description == "127.0.0.1:8100")
        #expect(fromEnvironment.socketSource == .profile("original-docker"))
        // The file's `profile =` loses to the file's own `http =` (profile defaults come last).
        let fileProfile = try ConfigurationResolver.resolve(
            flags: EndpointOverrides(), environment: [:], configFile: (text: "profile = original-docker\nhttp = http://file-host:4000\n", path: "c"))
        #expect(fileProfile.http == HTTPBaseURL(host: "file-host", port: 4000))
        #expect(fileProfile.socket.description == "127.0.0.1:8100")
    }

    @Test func profileFillsWhatNothingElseSets() throws {
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "original-docker"), environment: [:])
        #expect(configuration.http.description == "http://127.0.0.1:8099")
        #expect(configuration.socket.description == "127.0.0.1:8100")
        #expect(configuration.socketSource == .profile("original-docker"))
        let local = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:],
                                                      configFile: (text: "profile = local\n", path: "c"))
        #expect(local.profile == "local")
        #expect(local.socket.port == 3200)
    }

    @Test func flagProfileBeatsEnvironmentProfile() throws {
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "local"),
                                                              environment: ["AUCTION_PROFILE": "original-docker"])
        #expect(configuration.profile == "local")
        #expect(configuration.http.port == 3100)
    }

    @Test func shippedProfileFilesMatchTheBuiltInCopies() throws {
        // The repository's config/ files and the built-in profiles must not drift apart.
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        for profile in Profile.builtIn.values {
            let text = try String(contentsOfFile: root + "/config/" + profile.name, encoding: .utf8)
            #expect(try ConfigFile(parsing: text, name: profile.name) == ConfigFile(parsing: profile.text, name: profile.name))
        }
    }

    @Test func namesTheSourceOfABadValue() {
        #expect(throws: ConfigurationError.invalidSocketAddress(source: "environment variable AUCTION_SOCKET", value: "nohost",
                                                               reason: "missing `:PORT`")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_SOCKET": "nohost"])
        }
        #expect(throws: ConfigurationError.invalidHTTPURL(source: "the command line", value: "ftp://x",
                                                         reason: "the URL must start with http:// or https://")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(http: "ftp://x"), environment: [:])
        }
        #expect(throws: ConfigurationError.unknownProfile(source: "the command line", name: "prod", known: ["local", "original-docker"])) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "prod"), environment: [:])
        }
    }

    @Test func configFilesFollowTheServersRulesForQuotesAndComments() throws {
        let text = "# mine\nSocket = \"127.0.0.1:4000\" # quoted\nhttp = http://127.0.0.1:4100 # trailing comment\n"
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: (text: text, path: "c"))
        #expect(configuration.socket == SocketEndpoint(host: "127.0.0.1", port: 4000))
        #expect(configuration.http == HTTPBaseURL(host: "127.0.0.1", port: 4100))
    }

    @Test func reportsBadConfigFileLinesWithTheirNumber() {
        #expect(throws: ConfigurationError.invalidLine(file: "c", line: 2, reason: "unknown key `sockt`; did you mean `socket`?")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: (text: "\nsockt = a:1", path: "c"))
        }
        #expect(throws: ConfigurationError.invalidLine(file: "c", line: 1, reason: "expected `key = value`, found `socket`")) {
            try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: (text: "socket", path: "c"))
        }
    }

    @Test func findsTheConfigFileTheXDGWay() {
        #expect(ConfigurationPaths(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.configFile == "/x/auction/config")
        #expect(ConfigurationPaths(environment: ["HOME": "/h"])?.configFile == "/h/.config/auction/config")
        #expect(ConfigurationPaths(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])?.directory == "/h/.config/auction")
        #expect(ConfigurationPaths(environment: [:]) == nil)
    }
}

@Suite struct EndpointTests {
    @Test func parsesHostPortIncludingBracketedIPv6() throws {
        #expect(try SocketEndpoint(parsing: "127.0.0.1:3200") == SocketEndpoint(host: "127.0.0.1", port: 3200))
        #expect(try SocketEndpoint(parsing: "[::1]:3200") == SocketEndpoint(host: "::1", port: 3200))
        #expect(try SocketEndpoint(parsing: "example.org:80").host == "example.org")
        #expect(SocketEndpoint(host: "::1", port: 3200).description == "[::1]:3200")
    }

    @Test func refusesMalformedHostPort() {
        #expect(throws: EndpointParseError("missing `:PORT`")) { try SocketEndpoint(parsing: "localhost") }
        #expect(throws: EndpointParseError("write IPv6 addresses in brackets, e.g. [::1]:3200")) { try SocketEndpoint(parsing: "::1:3200") }
        #expect(throws: EndpointParseError("the port must be a number from 1 to 65535, not `70000`")) { try SocketEndpoint(parsing: "h:70000") }
        #expect(throws: EndpointParseError("missing host")) { try SocketEndpoint(parsing: ":3200") }
        #expect(throws: EndpointParseError("missing `]` after the IPv6 address")) { try SocketEndpoint(parsing: "[::1:3200") }
    }

    @Test func parsesHTTPURLs() throws {
        #expect(try HTTPBaseURL(checking: "http://127.0.0.1:3100") == HTTPBaseURL(host: "127.0.0.1", port: 3100))
        #expect(try HTTPBaseURL(checking: "http://example.org/api/") == HTTPBaseURL(host: "example.org", port: 80, basePath: "/api"))
        #expect(try HTTPBaseURL(checking: "http://[::1]:3100").authority == "[::1]:3100")
        #expect(try HTTPBaseURL(checking: "127.0.0.1:3100") == HTTPBaseURL(host: "127.0.0.1", port: 3100))
        #expect(throws: EndpointParseError("the URL must start with http:// or https://")) { try HTTPBaseURL(checking: "ftp://127.0.0.1:3100") }
        #expect(throws: EndpointParseError("missing host")) { try HTTPBaseURL(checking: "http://") }
    }
}
