import Foundation

/// A real `auction-server` child process on loopback ports, for end-to-end tests.
///
/// Starts the built binary with `--http-port --socket-port --db` (port 0 picks free ones), waits
/// for its `listening http=HOST:PORT socket=HOST:PORT` line and parses the addresses. `stop()`
/// sends SIGTERM and waits; `restart()` starts it again on the same ports and database.
// @unchecked Sendable: `process` is replaced only by `start`/`restart`, which a test calls from one task at a time.
public final class AuctionServerProcess: @unchecked Sendable {
    /// The HTTP address, e.g. `127.0.0.1:41234`.
    public private(set) var httpAddress = ""
    /// The socket address, e.g. `127.0.0.1:41235`.
    public private(set) var socketAddress = ""
    /// The database file.
    public let databasePath: String
    /// Extra arguments (e.g. `--allow-anonymous-bids`, `--simulate`).
    public let extraArguments: [String]
    private var process: SpawnedProcess?

    /// Starts a server on free ports with a database in `directory`.
    public init(directory: TemporaryDirectory, arguments: [String] = [], timeout: TimeInterval = 30) throws {
        databasePath = directory.file("auction.sqlite")
        extraArguments = arguments
        try launch(httpPort: 0, socketPort: 0, timeout: timeout)
    }

    /// `http://` + the HTTP address.
    public var httpURL: String { "http://" + httpAddress }

    /// The environment that points the `auction` CLI at this server.
    public var clientEnvironment: [String: String] { ["AUCTION_HTTP": httpURL, "AUCTION_SOCKET": socketAddress] }

    /// Everything the server wrote so far (both streams) since it was last started.
    public var log: String { process?.stdout ?? "" }

    /// Stops the server (SIGTERM, then SIGKILL after `timeout` seconds) and waits for it to exit.
    public func stop(timeout: TimeInterval = 10) {
        guard let process, process.isRunning else { return }
        process.signal(SIGTERM)
        if process.waitForExit(timeout: timeout) == nil { process.kill() }
    }

    /// Sends `signal` to the server (e.g. SIGHUP: reload the TLS certificate).
    public func signal(_ signal: Int32) { process?.signal(signal) }

    /// Starts the server again on the same ports and database (after `stop()`).
    public func restart(timeout: TimeInterval = 30) throws {
        let http = ListeningLine.port(of: httpAddress), socket = ListeningLine.port(of: socketAddress)
        // The old listeners' ports are free once the process is gone; retry briefly if the bind races.
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            do {
                try launch(httpPort: http, socketPort: socket, timeout: timeout)
                return
            } catch {
                if Date() > deadline { throw error }
                usleep(100_000)
            }
        }
    }

    deinit { stop() }

    private func launch(httpPort: Int, socketPort: Int, timeout: TimeInterval) throws {
        let arguments = ["--http-port", String(httpPort), "--socket-port", String(socketPort), "--db", databasePath] + extraArguments
        let process = try SpawnedProcess(BuildProducts.executable("auction-server"), arguments,
                                         environment: ProcessInfo.processInfo.environment, mergeStandardError: true)
        self.process = process
        guard let line = ListeningLine.read(from: process, within: timeout) else {
            stop()
            throw ServerProcessError.didNotStart(stderr: process.stdout)
        }
        httpAddress = line.http
        socketAddress = line.socket
    }
}
