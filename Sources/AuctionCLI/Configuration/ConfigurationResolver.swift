import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Resolves the client's settings: flag > environment > config file > default, where a profile's
/// values rank at the level that named the profile, just below that level's own values
/// (`--profile` beats `AUCTION_HTTP` and the file's `http =`; the file's `profile =` loses to its `http =`).
///
/// A pure function of its inputs so it is testable; `ConfigurationPaths` finds and reads the file.
public enum ConfigurationResolver {
    /// The environment variable for the HTTP endpoint.
    public static let httpVariable = "AUCTION_HTTP"
    /// The environment variable for the socket endpoint.
    public static let socketVariable = "AUCTION_SOCKET"
    /// The environment variable for the profile.
    public static let profileVariable = "AUCTION_PROFILE"
    /// The environment variable for the user id sent with bids to the original backend.
    public static let userIDVariable = "AUCTION_USER_ID"
    /// The environment variable for the socket dialect (`auto`, `original`, `auction`).
    public static let dialectVariable = "AUCTION_DIALECT"
    /// The environment variable for the image cache's size in MiB (0 turns the cache off).
    public static let imageCacheVariable = "AUCTION_IMAGE_CACHE_MB"
    /// The environment variable for CA certificates trusted besides the system's (`--ca-file`).
    public static let caFileVariable = "AUCTION_CA_FILE"
    /// The environment variable that lets passwords and tokens cross plaintext to another machine.
    public static let allowPlaintextVariable = "AUCTION_ALLOW_PLAINTEXT"

    /// Resolves the configuration.
    /// - Parameters:
    ///   - flags: values from `--http`, `--socket`, `--profile`.
    ///   - environment: the process environment.
    ///   - configFile: the config file's contents and path, if one exists.
    ///   - profiles: the profiles that can be named (built-in ones by default).
    public static func resolve(
        flags: EndpointOverrides, environment: [String: String], configFile: (text: String, path: String)? = nil,
        profiles: [String: Profile] = Profile.builtIn
    ) throws(ConfigurationError) -> ClientConfiguration {
        let file = try configFile.map { file throws(ConfigurationError) in try ConfigFile(parsing: file.text, name: file.path) }
        let filePath = configFile?.path ?? ""

        // The profile is named by the highest level that names one; its values rank at that level,
        // just below that level's own values, so `--profile` beats the file's `http =` (#33).
        let profileChoice: (String, SettingSource)?
        if let flag = flags.profile {
            profileChoice = (flag, .flag)
        } else if let value = environment[profileVariable], !value.isEmpty {
            profileChoice = (value, .environment(profileVariable))
        } else {
            profileChoice = file?.values["profile"].map { ($0, SettingSource.configFile(filePath)) }
        }
        var profileSettings = ConfigFile()
        var profileName: String?
        if let (name, source) = profileChoice {
            guard let profile = profiles[name] else {
                throw .unknownProfile(source: source.description, name: name, known: profiles.keys.sorted())
            }
            profileSettings = try ConfigFile(parsing: profile.text, name: "profile \(name)",
                                             allowedKeys: ["http", "socket", "user_id", "dialect", "image_cache_mb",
                                                                           "ca_file", "allow_plaintext"])
            profileName = name
        }
        let layers = SettingLayers(environment: environment, file: file?.values ?? [:], filePath: filePath,
                                   profile: profileName.map { ($0, profileSettings.values, profileChoice?.1 ?? .flag) })

        func pick(_ flag: String?, _ variable: String, _ key: String) -> (String, SettingSource)? {
            layers.pick(flag: flag, variable: variable, key: key)
        }

        var configuration = ClientConfiguration(profile: profileName)
        if let (value, source) = pick(flags.http, httpVariable, "http") {
            do { configuration.httpBases = try HTTPBaseURL.list(checking: value) } catch {
                throw .invalidHTTPURL(source: source.description, value: value, reason: error.reason)
            }
            configuration.httpSource = source
        }
        if let (value, source) = pick(flags.socket, socketVariable, "socket") {
            do { configuration.sockets = try SocketEndpoint.list(parsing: value) } catch {
                throw .invalidSocketAddress(source: source.description, value: value, reason: error.reason)
            }
            configuration.socketSource = source
        }
        if let (value, source) = pick(nil, userIDVariable, "user_id") {
            guard value.utf8.count <= 18, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int64(value), number > 0 else {
                throw .invalidSetting(source: source.description, key: "user_id", value: value,
                                      reason: "expected a positive whole number, e.g. 1")
            }
            configuration.userID = UserID(rawValue: number)
        }
        if let (value, source) = pick(nil, dialectVariable, "dialect") {
            guard let dialect = DialectSetting(rawValue: value) else {
                throw .invalidSetting(source: source.description, key: "dialect", value: value,
                                      reason: "expected one of auto, original, auction")
            }
            configuration.dialect = dialect
        }
        if let (value, source) = pick(nil, imageCacheVariable, "image_cache_mb") {
            guard value.utf8.count <= 4, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let megabytes = Int(value),
                  megabytes <= 4_096 else {
                throw .invalidSetting(source: source.description, key: "image_cache_mb", value: value,
                                      reason: "expected a whole number of MiB from 0 (off) to 4096, e.g. 64")
            }
            configuration.imageCacheMegabytes = megabytes
        }
        try resolveTransport(into: &configuration, flags: flags, pick: pick)
        return configuration
    }
}
