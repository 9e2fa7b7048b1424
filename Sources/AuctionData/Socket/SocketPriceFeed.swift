import AuctionCore
import AuctionInfrastructure

/// Live prices over the auction socket: list state and subscriptions (recorded in the session for replay) and pushes;
/// a price push older than the last applied for its product (`seq`, `PriceSequenceFilter`) is dropped.
public final class SocketPriceFeed: PriceFeed {
    private let client: SocketClient
    private let session: SocketSession
    private let listeners = Mutex<[Int: AsyncStream<FeedEvent>.Continuation]>([:])
    private let nextListener = Mutex(0)
    /// Drops price pushes older than the last one applied per product (`seq`), across reconnects.
    private let sequences = Mutex(PriceSequenceFilter())

    /// Creates a feed over `client` (start the client afterwards) that records its requests in `session`.
    public init(client: SocketClient, session: SocketSession) {
        self.client = client
        self.session = session
        client.onPush { [weak self] frame in self?.received(frame) }
        client.onStateChange { [weak self] state in self?.changed(state) }
    }

    /// Sends the list state (`stateNumber` = pages − 1); returns the server's verdict.
    ///
    /// The session records it once answered, so a reconnect replays it (a request in flight when the
    /// connection drops fails with `.connectionLost` and is not replayed).
    public func setLoadedPages(_ count: Int) async throws(AuctionError) -> Bool {
        guard count > 0 else {
            session.loadedPages = 0
            return true
        }
        let verdict = try await client.request(.listState(stateNumber: count - 1)).result
        session.loadedPages = count
        return verdict
    }

    /// Makes the list state follow `query`'s first `pages` pages (request 13, feature `query`); the session
    /// records it once answered, so a reconnect replays it after the plain list state.
    public func setQueryState(_ query: CatalogueQuery, pages: Int) async throws(AuctionError) -> Bool {
        let verdict = try await client.request(.queryState(parameters: CatalogueQueryDTO.parameters(of: query), pages: max(1, pages))).result
        session.query = query
        session.loadedPages = pages
        return verdict
    }

    /// Subscribes to products' price changes regardless of list state.
    public func subscribe(to ids: [ProductID]) async throws(AuctionError) {
        let reply = try await client.request(.subscribe(ids))
        guard reply.result else { throw .refused(reply.reason ?? .unspecified) }
        session.subscribe(ids)
    }

    /// A new stream of price, auction and connection events; it ends when the client closes.
    public func events() -> AsyncStream<FeedEvent> {
        let key = nextListener.withLock { next -> Int in
            defer { next += 1 }
            return next
        }
        let (stream, continuation) = AsyncStream.makeStream(of: FeedEvent.self, bufferingPolicy: .bufferingNewest(4_096))
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: key) }
        }
        listeners.withLock { $0[key] = continuation }
        continuation.yield(.connection(ConnectionState(client.state)))
        if client.state == .closed { continuation.finish() }
        return stream
    }

    private func received(_ frame: Frame) {
        switch try? ServerMessage(frame: frame) {
        case .price(let update)?:
            if sequences.withLock({ $0.admits(update) }) { broadcast(.price(update)) }
        case .auctionClosed(let id, let price, let winner, let status)?: broadcast(.closed(id, finalPrice: price, winner: winner, status: status))
        case .endTime(let id, let endsAt, let extensions)?: broadcast(.endTime(id, endsAt: endsAt, extensions: extensions))
        case .notification(let notice)?: broadcast(.notification(notice))
        case .lot(let event)?: if let change = event.catalogueChange { broadcast(.catalogue(change)) }
        case .standing(let change)?: broadcast(.standing(change))
        default: break
        }
    }

    private func changed(_ state: SocketClientState) {
        broadcast(.connection(ConnectionState(state)))
        if state == .closed {
            let all = listeners.withLock { listeners -> [AsyncStream<FeedEvent>.Continuation] in
                defer { listeners.removeAll() }
                return Array(listeners.values)
            }
            for continuation in all { continuation.finish() }
        }
    }

    private func broadcast(_ event: FeedEvent) {
        let all = listeners.withLock { Array($0.values) }
        for continuation in all { continuation.yield(event) }
    }
}
