/// The server's version, printed by `auction-server --version`.
public enum ServerVersion {
    /// The version string (released together with the client's).
    public static let current = "0.1.0"
}
