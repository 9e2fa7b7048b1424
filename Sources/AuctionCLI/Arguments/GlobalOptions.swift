/// The options common to every command, typed, each declared once here.
public struct GlobalOptions: Hashable, ParsableArguments {
    /// `--http URL`, if given.
    @Option(text: "http", valueName: "URL", help: "HTTP endpoint, or several separated by commas (default http://127.0.0.1:3100)")
    public var http: String?
    /// `--socket HOST:PORT`, if given.
    @Option(text: "socket", valueName: "HOST:PORT", help: "socket endpoint, or several separated by commas (default 127.0.0.1:3200)")
    public var socket: String?
    /// `--profile NAME`, if given.
    @Option(text: "profile", valueName: "NAME", help: "endpoints from a profile: local, original-docker")
    public var profile: String?
    /// `--ca-file FILE`, if given.
    @Option(text: "ca-file", valueName: "FILE", help: "trust the CA certificates in FILE (PEM) for https:// and tls://")
    public var caFile: String?
    /// `--allow-plaintext` was given.
    @Flag("allow-plaintext", help: "let a password or token cross plaintext to another machine (trusted LAN)")
    public var allowPlaintext: Bool
    /// `--no-color` was given.
    @Flag("no-color", help: "never colour the output")
    public var noColor: Bool

    /// The options as parsed (all absent outside a parse).
    public init() {}

    /// The flags in the form configuration resolution takes.
    public var overrides: EndpointOverrides {
        var overrides = EndpointOverrides(http: http, socket: socket, profile: profile)
        overrides.caFile = caFile
        overrides.allowPlaintext = allowPlaintext
        return overrides
    }
}
