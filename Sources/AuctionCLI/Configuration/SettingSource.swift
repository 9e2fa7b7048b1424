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
