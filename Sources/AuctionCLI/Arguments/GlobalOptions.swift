/// The options common to every command, typed.
public struct GlobalOptions: Hashable, Sendable {
    /// `--http URL`, if given.
    public var http: String?
    /// `--socket HOST:PORT`, if given.
    public var socket: String?
    /// `--profile NAME`, if given.
    public var profile: String?
    /// `--no-color` was given.
    public var noColor: Bool
    /// `--ca-file FILE`, if given.
    public var caFile: String?
    /// `--allow-plaintext` was given.
    public var allowPlaintext = false

    /// Creates global options; all absent by default.
    public init(http: String? = nil, socket: String? = nil, profile: String? = nil, noColor: Bool = false) {
        self.http = http
        self.socket = socket
        self.profile = profile
        self.noColor = noColor
    }

    /// The flags in the form configuration resolution takes.
    public var overrides: EndpointOverrides {
        var overrides = EndpointOverrides(http: http, socket: socket, profile: profile)
        overrides.caFile = caFile
        overrides.allowPlaintext = allowPlaintext
        return overrides
    }
}
