import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The client's resolved settings: which servers to talk to, and where each value came from.
public struct ClientConfiguration: Hashable, Sendable {
    /// The HTTP catalogue endpoints, in the order they are tried (one or more; `--http a,b`).
    public var httpBases: [HTTPBaseURL]
    /// The auction socket endpoints, in the order they are tried (one or more; `--socket a,b`).
    public var sockets: [SocketEndpoint]
    /// The profile in effect, if any.
    public var profile: String?
    /// Where `http` came from.
    public var httpSource: SettingSource
    /// Where `socket` came from.
    public var socketSource: SettingSource
    /// The user id sent with bids to an original-dialect server (it has no login), from `user_id`.
    public var userID: UserID?
    /// Which dialect the socket server speaks, from `dialect` (`auto` asks it with a hello).
    public var dialect: DialectSetting = .auto
    /// The image disk cache's size limit in MiB, from `image_cache_mb` (0: no cache).
    public var imageCacheMegabytes = 64
    /// CA certificates (PEM) trusted for `https://` and `tls://` besides the system's, from `--ca-file`/`ca_file`.
    public var caFile: String?
    /// Whether a password or token may cross plaintext to a non-loopback server (`--allow-plaintext`/`allow_plaintext`).
    public var allowsPlaintext = false

    /// The built-in default HTTP endpoint, `http://127.0.0.1:3100`.
    public static let defaultHTTP = HTTPBaseURL(host: "127.0.0.1", port: 3100)
    /// The built-in default socket endpoint, `127.0.0.1:3200`.
    public static let defaultSocket = SocketEndpoint(host: "127.0.0.1", port: 3200)

    /// Creates a configuration; defaults to our server on this machine.
    public init(http: HTTPBaseURL = defaultHTTP, socket: SocketEndpoint = defaultSocket, profile: String? = nil,
                httpSource: SettingSource = .builtInDefault, socketSource: SettingSource = .builtInDefault) {
        httpBases = [http]
        sockets = [socket]
        self.profile = profile
        self.httpSource = httpSource
        self.socketSource = socketSource
    }

    /// The first HTTP endpoint (setting it replaces the list with this one).
    public var http: HTTPBaseURL {
        get { httpBases.first ?? Self.defaultHTTP }
        set { httpBases = [newValue] }
    }

    /// The first socket endpoint (setting it replaces the list with this one).
    public var socket: SocketEndpoint {
        get { sockets.first ?? Self.defaultSocket }
        set { sockets = [newValue] }
    }

    /// The socket endpoints as a user writes them: `127.0.0.1:3200,127.0.0.1:3201`.
    public var socketsDescription: String { sockets.map(\.description).joined(separator: ",") }

    /// The HTTP endpoints as a user writes them: `http://127.0.0.1:3100,http://127.0.0.1:3101`.
    public var httpDescription: String { httpBases.map(\.description).joined(separator: ",") }
}
