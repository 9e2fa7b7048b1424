extension GlobalOptions {
    /// `--http URL`.
    public static let httpOption = Option<String>(text: "http", valueName: "URL", help: "HTTP endpoint, or several separated by commas (default http://127.0.0.1:3100)")
    /// `--socket HOST:PORT`.
    public static let socketOption = Option<String>(text: "socket", valueName: "HOST:PORT", help: "socket endpoint, or several separated by commas (default 127.0.0.1:3200)")
    /// `--profile NAME`.
    public static let profileOption = Option<String>(text: "profile", valueName: "NAME", help: "endpoints from a profile: local, original-docker")
    /// `--ca-file FILE`.
    public static let caFileOption = Option<String>(text: "ca-file", valueName: "FILE", help: "trust the CA certificates in FILE (PEM) for https:// and tls://")
    /// `--allow-plaintext`.
    public static let allowPlaintextFlag = Flag("allow-plaintext", help: "let a password or token cross plaintext to another machine (trusted LAN)")
    /// `--no-color`.
    public static let noColorFlag = Flag("no-color", help: "never colour the output")
    /// The global options' specs, in help order, from the keys above.
    public static let specs: [OptionSpec] = [httpOption.spec, socketOption.spec, profileOption.spec, caFileOption.spec, allowPlaintextFlag.spec,
                                          noColorFlag.spec]

    /// The global options a parse collected, read through the keys above.
    init(reading values: Invocation) {
        self.init(http: values[Self.httpOption], socket: values[Self.socketOption], profile: values[Self.profileOption],
                  noColor: values[Self.noColorFlag])
        caFile = values[Self.caFileOption]
        allowPlaintext = values[Self.allowPlaintextFlag]
    }
}
