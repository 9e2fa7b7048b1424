import AuctionCLI
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import Foundation

/// `auction demo`: an embedded server on free loopback ports with the demo catalogue in a temporary
/// database and simulated bidders, watched full-screen (or as lines when piped). Quitting stops the
/// server, closes its listeners and removes the database: nothing is left running or listening.
public struct DemoCommand: Command {
    /// `demo`.
    public static let name = "demo"
    /// The demo picks its own endpoints.
    public static var usesEndpoints: Bool { false }
    /// `demo`'s help: no options or arguments.
    public static var spec: CommandSpec { .demo }

    /// `demo` takes no options.
    public init(_ invocation: Invocation) throws(CommandError) {}

    /// Starts the server, watches it until quit, stops it and removes its files.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        // Caught from before the directory exists until after it is gone (declared first, so its
        // `defer` runs last): SIGTERM, SIGHUP or Ctrl-C end the demo through the clean-up below and
        // exit 0, never by the signal. A signal that comes before the watch starts stops it at once.
        let signals = SignalInput { _ in }
        defer { signals.stop() }
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory + "/demo.sqlite")
        configuration.simulation = .demoFeed
        // Anyone on this machine may bid on the demo without an account (`auction bid` with its ports).
        configuration.allowAnonymousBids = true
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        defer { server.stop() }
        let addresses: ServerAddresses
        do {
            addresses = try server.start()
        } catch {
            throw .local("cannot start the demo server: \(error)")
        }
        var demo = context
        demo.configuration = ClientConfiguration(
            http: HTTPBaseURL(host: addresses.http.host, port: addresses.http.port),
            socket: SocketEndpoint(host: addresses.socket.host, port: addresses.socket.port))
        if !context.console.outputIsTerminal {
            context.console.error("demo server \(addresses); stop with Ctrl-C")
        }
        if signals.caught != nil { return .success }
        let title = "auction demo · simulated bidders · --http \(addresses.httpURL) --socket \(addresses.socket)"
        let hint = Self.hint(http: "\(addresses.http)", socket: "\(addresses.socket)")
        // The hint is on the watch screen only: the demo's server stops with it, so the command would fail after.
        // Every page of the demo catalogue (one more is asked for, found empty): the header then says
        // `page 1/5`, not `page 1/1+`.
        let pages = DemoCatalogue.productCount / ProductPage.size + 1
        return try await WatchCommand(pages: pages, title: title, hint: hint).run(in: demo)
    }

    /// The command that bids on the demo from another shell, exactly as it works there: both addresses
    /// and `--min`, the server's minimum next bid whatever the price has climbed to (a fixed `+5000`
    /// fell below the increment once lot 5 passed 500,000, about 90 s in). At lot 5's prices that
    /// minimum is over any simulated proxy's headroom (four raises of 500 over its offer), so the bid
    /// leads. It fits 80 columns with five-digit ports.
    public static func hint(http: String, socket: String) -> String {
        "in a shell: auction --http \(http) --socket \(socket) bid 5 --min"
    }

    /// A fresh private directory under `$TMPDIR` (or `/tmp`).
    static func temporaryDirectory() throws(CommandError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/auction-demo-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw .local("cannot create a temporary directory in \(base): \(Errno(rawValue: errno))") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
