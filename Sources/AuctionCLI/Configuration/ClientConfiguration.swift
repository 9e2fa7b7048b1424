/// Where a resolved setting came from, for messages like "from AUCTION_SOCKET".
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
    /// A command-line flag.
    case flag
    /// An environment variable (its name).
    case environment(String)
    /// The config file (its path).
    case configFile(String)
    /// A profile (its name).
    case profile(String)
    /// The built-in default.
    case builtInDefault

    /// Words for a message: `--socket`, `AUCTION_SOCKET`, `profile local`, ….
    public var description: String {
        switch self {
        case .flag: "the command line"
        case .environment(let name): "environment variable \(name)"
        case .configFile(let path): path
        case .profile(let name): "profile \(name)"
        case .builtInDefault: "the default"
        }
    }
}

/// The values the command line gave for the endpoint settings (nil where absent).
public struct EndpointOverrides: Hashable, Sendable {
    /// `--http URL`.
    public var http: String?
    /// `--socket HOST:PORT`.
    public var socket: String?
    /// `--profile NAME`.
    public var profile: String?

    /// Creates overrides; all absent by default.
    public init(http: String? = nil, socket: String? = nil, profile: String? = nil) {
        self.http = http
        self.socket = socket
        self.profile = profile
    }
}

/// The client's resolved settings: which servers to talk to, and where each value came from.
public struct ClientConfiguration: Hashable, Sendable {
    /// The HTTP catalogue endpoint.
    public var http: HTTPEndpoint
    /// The auction socket endpoint.
    public var socket: SocketEndpoint
    /// The profile in effect, if any.
    public var profile: String?
    /// Where `http` came from.
    public var httpSource: SettingSource
    /// Where `socket` came from.
    public var socketSource: SettingSource

    /// The built-in default HTTP endpoint, `http://127.0.0.1:3100`.
    public static let defaultHTTP = HTTPEndpoint(host: "127.0.0.1", port: 3100)
    /// The built-in default socket endpoint, `127.0.0.1:3200`.
    public static let defaultSocket = SocketEndpoint(host: "127.0.0.1", port: 3200)

    /// Creates a configuration; defaults to our server on this machine.
    public init(http: HTTPEndpoint = defaultHTTP, socket: SocketEndpoint = defaultSocket, profile: String? = nil,
                httpSource: SettingSource = .builtInDefault, socketSource: SettingSource = .builtInDefault) {
        self.http = http
        self.socket = socket
        self.profile = profile
        self.httpSource = httpSource
        self.socketSource = socketSource
    }
}
