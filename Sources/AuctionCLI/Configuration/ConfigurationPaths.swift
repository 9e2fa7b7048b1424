import Foundation

/// Where the client keeps its files, following the XDG base directory rules.
public struct ConfigurationPaths: Hashable, Sendable {
    /// The directory: `$XDG_CONFIG_HOME/auction`, else `$HOME/.config/auction`.
    public var directory: String

    /// The paths for an environment; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    public init?(environment: [String: String]) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            directory = xdg + "/auction"
        } else if let home = environment["HOME"], !home.isEmpty {
            directory = home + "/.config/auction"
        } else {
            return nil
        }
    }

    /// The config file: `<directory>/config`.
    public var configFile: String { directory + "/config" }

    /// The config file's contents and path, or nil when it does not exist.
    public func readConfigFile() throws(ConfigurationError) -> (text: String, path: String)? {
        guard FileManager.default.fileExists(atPath: configFile) else { return nil }
        guard let data = FileManager.default.contents(atPath: configFile) else {
            throw .invalidLine(file: configFile, line: 0, reason: "cannot read the file")
        }
        return (String(decoding: data, as: UTF8.self), configFile)
    }

    /// Resolves the configuration from flags, the process environment and the config file.
    public static func resolveForProcess(flags: EndpointOverrides) throws(ConfigurationError) -> ClientConfiguration {
        let environment = ProcessInfo.processInfo.environment
        let file = try ConfigurationPaths(environment: environment)?.readConfigFile()
        return try ConfigurationResolver.resolve(flags: flags, environment: environment, configFile: file)
    }
}
