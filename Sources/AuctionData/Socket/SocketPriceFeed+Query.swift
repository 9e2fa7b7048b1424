import AuctionCore

/// `watch`'s query state goes over the socket (request 13).
extension SocketPriceFeed: QueryStateFeed {}
