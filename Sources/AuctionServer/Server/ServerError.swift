import AuctionInfrastructure

/// Why the auction server could not start, in words an operator can act on.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database could not be opened, migrated, seeded or read.
    case store(StoreError)
    /// A listener could not be set up (`service` is `http` or `socket`), e.g. the port is taken.
    case listen(service: String, SocketError)
    /// The TLS certificate or key cannot be used (missing, unreadable, not PEM, not a pair): a wrong setting.
    case tls(TLSSetupError)
    /// A setting a start cannot use, found before anything was created (the database's path): a wrong setting.
    case configuration(String)
    /// The event loop could not be started.
    case eventLoop(SocketError)
    /// An extension (e.g. accounts) failed to set itself up.
    case setup(String)
    /// `start()` was called on a server that is running or has been stopped.
    case alreadyStarted

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .store(let error): "\(error)"
        case .listen(let service, let error): "cannot listen for \(service): \(error)"
        case .tls(let error): "\(error)"
        case .configuration(let detail): detail
        case .eventLoop(let error): "cannot start the event loop: \(error)"
        case .setup(let detail): "cannot set up the server: \(detail)"
        case .alreadyStarted: "the server was already started"
        }
    }
}
