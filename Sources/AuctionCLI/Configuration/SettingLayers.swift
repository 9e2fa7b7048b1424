/// The levels a setting can come from, most specific first: the command line, the environment, the
/// config file, each followed by the profile when that level is the one that named it.
struct SettingLayers {
    /// The process environment.
    var environment: [String: String]
    /// The config file's `key = value` pairs.
    var file: [String: String]
    /// The config file's path, for messages.
    var filePath: String
    /// The profile in effect: its name, its values, and the level that named it.
    var profile: (name: String, values: [String: String], namedBy: SettingSource)?

    /// The value for `key` and where it came from: the flag, then the environment variable, then the
    /// file, the profile's value coming right after the level that named the profile; nil when none sets it.
    func pick(flag: String?, variable: String, key: String) -> (String, SettingSource)? {
        let fromProfile = profile.flatMap { profile in profile.values[key].map { ($0, SettingSource.profile(profile.name)) } }
        let namedBy = profile?.namedBy
        if let flag { return (flag, .flag) }
        if namedBy == .flag, let fromProfile { return fromProfile }
        if let value = environment[variable], !value.isEmpty { return (value, .environment(variable)) }
        if case .environment = namedBy, let fromProfile { return fromProfile }
        if let value = file[key] { return (value, .configFile(filePath)) }
        return fromProfile
    }
}
