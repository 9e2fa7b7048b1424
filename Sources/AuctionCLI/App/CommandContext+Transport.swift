import AuctionInfrastructure

extension CommandContext {
    /// Refuses (exit 2) to send `what` (a password, a session token) in clear to another machine: each
    /// configured server must speak TLS (`https://`, `tls://`) or be on this machine, unless plaintext
    /// is intended (`--allow-plaintext`, `allow_plaintext = true` in the config file or the profile).
    public func requirePrivateChannel(for what: String, http: Bool, socket: Bool) throws(CommandError) {
        guard !configuration.allowsPlaintext else { return }
        let exposed = (http ? configuration.httpBases.filter { !$0.isSecure && !Self.isLoopback($0.host) }.map(\.description) : [])
            + (socket ? configuration.sockets.filter { !$0.isSecure && !Self.isLoopback($0.host) }.map(\.description) : [])
        guard let first = exposed.first else { return }
        throw .usage(UsageError(
            reason: "refusing to send \(what) unencrypted to \(first): anyone on the network between could read it. "
                + "Use https://… for --http and tls://HOST:PORT for --socket, or, on a network you trust "
                + "(or for the original backend), pass --allow-plaintext or set allow_plaintext = true",
            usage: HelpText.programUsage(.auction)))
    }

    /// Whether `host` is this machine: `localhost`, 127.0.0.0/8 or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host.hasSuffix(".localhost") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
