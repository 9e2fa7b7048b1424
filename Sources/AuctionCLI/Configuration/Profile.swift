/// A named set of endpoints, shipped in `config/` and built into the binary.
public struct Profile: Hashable, Sendable {
    /// The profile's name (`local`).
    public var name: String
    /// The `key = value` text of its file.
    public var text: String

    /// Creates a profile from its file text.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// Our own server on its default ports (same as `config/local`).
    public static let local = Profile(name: "local", text: """
        # Our auction-server on this machine, default ports.
        http = http://127.0.0.1:3100
        socket = 127.0.0.1:3200
        """)

    /// The original deployment: nginx in front of the old backend (same as `config/original-docker`).
    public static let originalDocker = Profile(name: "original-docker", text: """
        # The original backend's docker-compose deployment behind nginx.
        http = http://127.0.0.1:8099
        socket = 127.0.0.1:8100
        # It speaks the original protocol: no hello, no login, subscriptions or chat on the socket.
        dialect = original
        # Its bids carry a user id (it has no login); set yours here or in your config file:
        # user_id = 1
        """)

    /// The profiles every binary knows, by name.
    public static let builtIn: [String: Profile] = [local.name: local, originalDocker.name: originalDocker]
}
