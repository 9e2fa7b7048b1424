import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The cluster wiring: with `--store`, a listener that brings other nodes' bids and closes to this loop.
extension AuctionHouseServer {
    /// Starts a `ClusterListener` on `store` whose events are adopted on `loop` by the socket service
    /// and the live catalogue.
    static func startCluster(store: PostgresConnectionString, loop: EventLoop, service: LoopBound<SocketService>,
                             live: LiveCatalogue, sequences: ProductSequences, chatRooms: ChatRoomSequences = ChatRoomSequences(),
                             log: ServerLog) -> ClusterListener {
        let listener = ClusterListener(
            configuration: ClusterListener.Configuration(conninfo: conninfo(store)), sequences: sequences, chatRooms: chatRooms, log: log
        ) { event in
            loop.execute {
                switch event {
                case .bids(let bids):
                    service.value.adoptRemote(bids)
                case .closes(let closes):
                    let names = Dictionary(closes.map { ($0.productID, $0.winnerName) }, uniquingKeysWith: { first, _ in first })
                    for closing in service.value.adoptRemote(closes) {
                        let name = names[closing.productID] ?? nil
                        live.close(closing.productID, winner: name)
                        service.value.announce(closing, winnerName: name)
                    }
                case .notices(let notices):
                    service.value.deliver(notices)
                case .chat(let messages):
                    service.value.deliverChat(messages)
                }
            }
        }
        listener.start()
        log.info("cluster: listening on \(store.displayTarget) (\(ClusterListener.channels.joined(separator: ", ")))")
        return listener
    }

    /// The settings as a libpq `key='value'` string (quotes and backslashes escaped).
    static func conninfo(_ store: PostgresConnectionString) -> String {
        zip(store.keys, store.values).map { key, value in
            var escaped = ""
            for character in value {
                if character == "'" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return "\(key)='\(escaped)'"
        }.joined(separator: " ")
    }
}
