import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure

/// A piped `watch` (a `WatchSession` that is not interactive) of a `CommandTestServer`'s first page:
/// its catalogue over HTTP and its socket client, which backs off by `backoff` on `clock`.
final class PipedWatch: Sendable {
    /// The HTTP client's loop.
    let loop: EventLoop
    /// The socket client (not started until `start`).
    let client: SocketClient
    /// What the watch prints on stdout and on stderr.
    let output = MemorySink(), errors = MemorySink()
    private let catalogue: HTTPProductRepository
    private let watch: WatchSession

    /// Connects nothing yet: `start` does.
    init(_ server: CommandTestServer, backoff: ReconnectBackoff = ReconnectBackoff(), clock: any TimeSource = SystemClock()) throws {
        loop = try EventLoop.spawn(name: "piped-watch-test")
        catalogue = try HTTPProductRepository(baseURL: server.httpURL, loop: loop,
                                              configuration: HTTPClient.Configuration(responseTimeoutMilliseconds: 60_000))
        client = try SocketClient(configuration: SocketClientConfiguration(
            host: "127.0.0.1", port: Int(server.socketAddress.split(separator: ":").last ?? "") ?? 0, requestTimeoutMilliseconds: 60_000,
            backoff: backoff), clock: clock)
        let session = SocketSession()
        session.loadedPages = 1
        session.install(on: client)
        watch = WatchSession(catalogue: catalogue, feed: SocketPriceFeed(client: client, session: session), socketSession: session,
                             ids: nil, output: output, errors: errors)
    }

    /// Starts the client and runs the watch on page 1; yield `q` to the keys to end it, then await the task.
    func start() async throws -> (running: Task<WatchModel, Never>, keys: AsyncStream<WatchEvent>.Continuation) {
        client.start()
        let pages = try await LoadCatalogue(products: catalogue).pages(from: 0, count: 1).map(\.products)
        let (inputs, keys) = AsyncStream.makeStream(of: WatchEvent.self)
        let model = WatchModel(pages: pages, pageable: true, reachedEnd: false, interactive: false)
        return (Task { [watch] in await watch.run(model, inputs: inputs) }, keys)
    }

    /// Closes the client and stops the loop.
    func close() {
        client.close()
        loop.shutdown()
    }
}
