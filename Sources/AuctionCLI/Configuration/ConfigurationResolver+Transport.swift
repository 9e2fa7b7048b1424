import AuctionInfrastructure

extension ConfigurationResolver {
    /// Resolves `ca_file` (flag > environment > config file, a profile at the level that named it) and `allow_plaintext` (a flag,
    /// the environment, the config file or the profile may turn it on, the most specific level deciding).
    static func resolveTransport(
        into configuration: inout ClientConfiguration, flags: EndpointOverrides,
        pick: (String?, String, String) -> (String, SettingSource)?
    ) throws(ConfigurationError) {
        if let (value, _) = pick(flags.caFile, caFileVariable, "ca_file") {
            configuration.caFile = value
        }
        if flags.allowPlaintext {
            configuration.allowsPlaintext = true
        } else if let (value, source) = pick(nil, allowPlaintextVariable, "allow_plaintext") {
            switch value.lowercased() {
            case "true", "yes", "on", "1": configuration.allowsPlaintext = true
            case "false", "no", "off", "0": configuration.allowsPlaintext = false
            default:
                throw .invalidSetting(source: source.description, key: "allow_plaintext", value: value,
                                      reason: "expected true or false")
            }
        }
    }
}
