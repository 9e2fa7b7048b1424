/// The client's version, printed by `auction --version`.
public enum CLIVersion {
    /// The version string.
    public static let current = "0.1.0"
}
