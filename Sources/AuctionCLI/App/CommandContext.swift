import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc

/// What every command runs with: resolved endpoints, the console, the environment, and factories for
/// the repositories over them. Built once by `AuctionApp` and passed down.
public struct CommandContext: Sendable {
    /// The endpoints to talk to.
    public var configuration: ClientConfiguration
    /// Where output goes and what kind of terminal it is.
    public var console: Console
    /// The process environment.
    public var environment: [String: String]
    /// Where the config file and the saved login live, when `HOME` or `XDG_CONFIG_HOME` is set.
    public var paths: ConfigurationPaths?
    /// How long a request waits for its answer (`AUCTION_TIMEOUT` seconds; 10 s by default).
    public var requestTimeoutMilliseconds: Int64
    /// Reads a password: `(fromStandardInput, confirm)`; asks on the terminal without echo by default.
    public var readPassword: PasswordSource
    /// The zone times are shown in on screens: the machine's (`TZ`, `localtime_r`); tests set a fixed one.
    public var clock = TimeOfDay.local()
    /// Asks a yes/no question on the terminal (a bid far above the price, a buy); true only for yes.
    public var confirm: ConfirmationSource = { question in ConfirmationPrompt.ask(question) }

    /// Reads a password (`--password-stdin`, whether to ask twice).
    public typealias PasswordSource = @Sendable (_ fromStandardInput: Bool, _ confirm: Bool) throws(AccountCommandError) -> String
    /// Asks a question (ending `[y/N] `) and says whether the answer was yes.
    public typealias ConfirmationSource = @Sendable (_ question: String) -> Bool

    /// The environment variable that sets how long to wait for an answer, in seconds.
    public static let timeoutVariable = "AUCTION_TIMEOUT"
    /// The default wait for an answer.
    public static let defaultTimeoutMilliseconds: Int64 = 10_000
    /// How long a socket connection to one of several servers may stay quiet before it is pinged (then
    /// left for the next server when the ping gets no answer within the request timeout).
    public static let heartbeatMilliseconds: Int64 = 15_000

    /// Creates a context.
    public init(configuration: ClientConfiguration, console: Console, environment: [String: String] = [:],
                paths: ConfigurationPaths? = nil, requestTimeoutMilliseconds: Int64 = CommandContext.defaultTimeoutMilliseconds,
                readPassword: @escaping PasswordSource = { stdin, confirm throws(AccountCommandError) in
                    try PasswordPrompt.read(fromStandardInput: stdin, confirm: confirm)
                }) {
        self.configuration = configuration
        self.console = console
        self.environment = environment
        self.paths = paths
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.readPassword = readPassword
    }

    /// The timeout from `AUCTION_TIMEOUT` (seconds, fractions allowed); nil when unset.
    public static func timeout(from environment: [String: String]) throws(CommandError) -> Int64? {
        guard let text = environment[timeoutVariable], !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
            throw .usage(UsageError(reason: "\(timeoutVariable) must be a number of seconds from 0.001 to 3600, not `\(text)`",
                                    usage: HelpText.programUsage(.auction)))
        }
        return max(1, Int64(seconds * 1000))
    }

    /// Runs `body` with a catalogue repository over HTTP; its event loop stops afterwards.
    public func withCatalogue<T: Sendable>(
        _ body: (HTTPProductRepository) async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        let repository = HTTPProductRepository(client: httpClient(on: loop))
        return try await body(repository)
    }

    /// An HTTP client for the configured endpoints (the first, then the others for requests safe to repeat).
    public func httpClient(on loop: EventLoop) -> HTTPClient {
        var settings = HTTPClient.Configuration(responseTimeoutMilliseconds: requestTimeoutMilliseconds)
        settings.caFile = configuration.caFile
        return HTTPClient(baseURL: configuration.http, alternateBaseURLs: Array(configuration.httpBases.dropFirst()),
                          configuration: settings, loop: loop)
    }

    /// A socket client for the configured endpoints (not started); close it when done. With several
    /// endpoints it tries them in turn, starting with the first, or with the one after `startingAfter`.
    public func socketClient(reconnects: Bool, startingAfter previous: SocketEndpoint? = nil) throws(CommandError) -> SocketClient {
        var endpoints = configuration.sockets
        if let previous, let index = endpoints.firstIndex(of: previous) {
            endpoints = Array(endpoints[(index + 1)...] + endpoints[...index])
        }
        var settings = SocketClientConfiguration(endpoints: endpoints, requestTimeoutMilliseconds: requestTimeoutMilliseconds,
                                                 reconnects: reconnects)
            ?? SocketClientConfiguration(host: configuration.socket.host, port: configuration.socket.port,
                                         requestTimeoutMilliseconds: requestTimeoutMilliseconds, reconnects: reconnects)
        // With other nodes to go to, a node that stops answering (hung, cut off) is left too, not only a closed one.
        if endpoints.count > 1 { settings.heartbeatMilliseconds = Self.heartbeatMilliseconds }
        settings.caFile = configuration.caFile
        do {
            return try SocketClient(configuration: settings)
        } catch {
            throw .local("cannot start the network thread: \(error)")
        }
    }

    /// The wall-clock time now (the one system clock).
    public static func now() -> Timestamp { SystemClock().now() }
}
