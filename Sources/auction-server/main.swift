import AuctionServer

let configuration = ServerConfiguration()
print("auction-server: not built yet (would listen http=\(configuration.host):\(configuration.httpPort))")
