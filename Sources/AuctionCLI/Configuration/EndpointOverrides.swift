/// The values the command line gave for the endpoint settings (nil where absent).
public struct EndpointOverrides: Hashable, Sendable {
    /// `--http URL`.
    public var http: String?
    /// `--socket HOST:PORT`.
    public var socket: String?
    /// `--profile NAME`.
    public var profile: String?
    /// `--ca-file FILE`.
    public var caFile: String?
    /// `--allow-plaintext`.
    public var allowPlaintext = false

    /// Creates overrides; all absent by default.
    public init(http: String? = nil, socket: String? = nil, profile: String? = nil) {
        self.http = http
        self.socket = socket
        self.profile = profile
    }
}
