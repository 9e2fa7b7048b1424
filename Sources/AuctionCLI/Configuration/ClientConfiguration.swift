import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The client's resolved settings: which servers to talk to, and where each value came from.
public struct ClientConfiguration: Hashable, Sendable {
    /// The HTTP catalogue endpoint.
    public var http: HTTPBaseURL
    /// The auction socket endpoint.
    public var socket: SocketEndpoint
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

    /// The built-in default HTTP endpoint, `http://127.0.0.1:3100`.
    public static let defaultHTTP = HTTPBaseURL(host: "127.0.0.1", port: 3100)
    /// The built-in default socket endpoint, `127.0.0.1:3200`.
    public static let defaultSocket = SocketEndpoint(host: "127.0.0.1", port: 3200)

    /// Creates a configuration; defaults to our server on this machine.
    public init(http: HTTPBaseURL = defaultHTTP, socket: SocketEndpoint = defaultSocket, profile: String? = nil,
                httpSource: SettingSource = .builtInDefault, socketSource: SettingSource = .builtInDefault) {
        self.http = http
        self.socket = socket
        self.profile = profile
        self.httpSource = httpSource
        self.socketSource = socketSource
    }
}
