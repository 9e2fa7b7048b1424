import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Glibc

/// Idempotent requests on a real server over a real socket: a burst of bids and buys that reuse a
/// few keys across kinds, products, prices and maximums, all in one write. Every request must get
/// exactly one reply; a request that repeats its key's first request gets that request's answer, any
/// other is refused `idempotency_key_reused`.
extension FuzzTarget {
    /// Keys reused across requests, through the socket service.
    public static let keys = FuzzTarget(name: "keys", generate: generateKeys, run: runKeys)

    private static func generateKeys(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 12...160, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// One request of a burst: what its key names.
    private struct Request: Equatable {
        var isPurchase: Bool
        var product: Int
        var price: Int64
        var maximum: Int64?

        /// The frame that asks it under `key`.
        var message: (String) -> ClientMessage {
            { key in
                isPurchase ? .buyNow(ProductID(product), idempotencyKey: key)
                    : .bid(Bid(productID: ProductID(product), price: Money(price), maximum: maximum.map { Money($0) }, idempotencyKey: key),
                           userID: nil)
            }
        }
    }

    private static func runKeys(_ bytes: [UInt8]) -> String? {
        guard let server = FuzzKeyServer.shared else { return "the server for the keys target did not start" }
        var input = FuzzInput(bytes)
        // Keys are this input's own (its first eight bytes): earlier cases on the same server never name them.
        let namespace = String(input.uint64(), radix: 36)
        let user = 1 + input.small(FuzzKeyServer.users)
        var requests: [(key: String, request: Request)] = []
        while input.hasMore && requests.count < 24 {
            let key = "\(namespace)-\(input.small(4))"
            var request = Request(isPurchase: input.small(5) == 0, product: 1 + input.small(FuzzKeyServer.products),
                                  price: 10_000 + Int64(input.small(8)) * 1_000,
                                  maximum: input.small(3) == 0 ? 20_000 + Int64(input.small(4)) * 5_000 : nil)
            if request.isPurchase { (request.price, request.maximum) = (0, nil) }  // a buy names its product only
            requests.append((key, request))
        }
        guard !requests.isEmpty else { return nil }
        let messages = requests.map { $0.request.message($0.key) }
        guard let replies = server.burst(messages, user: user) else { return "no connection to the server" }
        var firsts: [String: (request: Request, reply: WireReply)] = [:]
        for (index, (key, request)) in requests.enumerated() {
            let id = Int64(index + 1)
            let got = replies.filter { $0.completionID == id }
            guard got.count == 1 else { return "request \(id) (\(request), key \(key)) got \(got.count) replies" }
            let reply = got[0]
            guard let first = firsts[key] else {
                if reply.reason == .idempotencyKeyReused { return "request \(id) is its key's first but was refused as reused" }
                firsts[key] = (request, reply)
                continue
            }
            if first.request == request {
                guard reply.result == first.reply.result, reply.reason == first.reply.reason, reply.price == first.reply.price else {
                    return "request \(id) repeats its key's first but was answered \(reply), the first \(first.reply)"
                }
            } else if reply.reason != .idempotencyKeyReused {
                return "request \(id) (\(request)) reuses key \(key) of \(first.request) but was answered \(reply)"
            }
        }
        return nil
    }
}

/// The server the keys target talks to: started once per process (SQLite in a temporary directory,
/// fixed sessions for a few users, no bid rate, room for every key), never stopped.
final class FuzzKeyServer: Sendable {
    /// Products listed (each at 10,000; the first can be bought now for 40,000).
    static let products = 4
    /// Users with a session (`token-1`…).
    static let users = 3

    /// The one server, or nil when it could not start.
    static let shared: FuzzKeyServer? = try? FuzzKeyServer()

    private let server: AuctionHouseServer
    private let port: Int

    private init() throws {
        let directory = try TemporaryDirectory(prefix: "auction-fuzz-keys")
        let path = directory.file("auction.sqlite")
        let now = SystemClock().now()
        let store = try CatalogueStore(path: path)
        try store.add((1...Self.products).map { index in
            ProductListing(id: ProductID(index), name: "Lot \(index)", seller: "fuzz", description: "", startPrice: Money(10_000),
                           listedAt: now.adding(milliseconds: -60_000), endsAt: nil, images: [])
        })
        try store.setTerms(of: ProductID(1), LotTerms(buyNowPrice: Money(40_000)))
        store.close()
        let accounts = try AccountStore(path: path)
        var sessions: [String: SessionUser] = [:]
        for index in 1...Self.users {
            guard let id = try accounts.createUser(name: "fuzz\(index)", passwordHash: "!", at: now) else { continue }
            sessions["token-\(index)"] = SessionUser(id: id, name: "fuzz\(index)")
        }
        accounts.close()
        var configuration = ServerConfiguration.ephemeral(databasePath: path)
        configuration.limits.bidsPerSecond = 1_000_000
        configuration.bidding.idempotencyKeysPerUser = 10_000_000
        configuration.bidding.idempotencyKeysInAll = 10_000_000
        let resolver = FixedSessionResolver(users: sessions)
        server = AuctionHouseServer(configuration: configuration, log: .silent,
                                    hooks: ServerHooks(makeSessionResolver: { _ in resolver }))
        port = try server.start().socket.port
    }

    /// Logs in as `user`, sends `messages` in one write (completion ids 1…n), then a ping once n
    /// replies came; every reply read before the ping's (nil: no connection).
    func burst(_ messages: [ClientMessage], user: Int) -> [WireReply]? {
        let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
        guard send(fd, [(ClientMessage.login(token: "token-\(user)"), 900)]),
              read(fd, &decoder, until: { $0.contains { $0.completionID == 900 } }) != nil else { return nil }
        guard send(fd, messages.enumerated().map { ($1, Int64($0 + 1)) }),
              var replies = read(fd, &decoder, until: { $0.count >= messages.count }),
              send(fd, [(ClientMessage.ping, 999)]),
              let more = read(fd, &decoder, until: { $0.contains { $0.completionID == 999 } }) else { return nil }
        replies += more.filter { $0.completionID != 999 }
        return replies
    }

    private func send(_ fd: CInt, _ messages: [(ClientMessage, Int64)]) -> Bool {
        var bytes: [UInt8] = []
        for (message, id) in messages {
            var frame = message.frame
            frame.completionID = id
            bytes += FrameEncoder.encode(frame)
        }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Replies read until `done` holds (pushes skipped); nil at EOF or after the 10 s timeout.
    private func read(_ fd: CInt, _ decoder: inout FrameDecoder, until done: ([WireReply]) -> Bool) -> [WireReply]? {
        var replies: [WireReply] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !done(replies) {
            while let event = decoder.nextEvent() {
                if case .frame(let frame) = event, case .reply(let reply)? = try? ServerMessage(frame: frame) { replies.append(reply) }
            }
            if done(replies) { break }
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return nil }
            decoder.append(Array(chunk[0..<received]))
        }
        return replies
    }
}

/// Sessions that never end, by token.
private struct FixedSessionResolver: SessionResolver {
    let users: [String: SessionUser]

    func user(forToken token: String) -> SessionUser? { users[token] }
}
