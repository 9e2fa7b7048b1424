// Benchmark clients for the `server` suite: closed-loop bidders and push-counting watchers on event loops.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure

/// A bidder: one connection, one product, one bid in flight; each accepted bid is followed by the next.
///
/// Lives on its loop's thread (`@unchecked Sendable` only to travel in `execute` closures).
// @unchecked Sendable: touched only on its connection's loop; it crosses threads only inside `execute` closures.
final class BenchBidder: @unchecked Sendable {
    static let step: Int64 = 100_000

    let connection: TCPConnection
    let product: Int
    var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
    var nextPrice: Int64
    var completionID: Int64 = 0
    var sentAt: Int64 = 0
    var inFlight = false
    var running = false
    var measuring = false
    var accepted = 0
    var refused = 0
    var latencies: [Int64] = []
    /// Send time of each offered price, for push latency.
    var sendTimes: [Int64: Int64] = [:]
    /// Proxy runs: the session token to log in with first, and how far above each bid its `max_price` lies
    /// (nil: plain bids). Such bidders follow the price the replies report.
    var token: String?
    var maximumAbove: Int64?
    /// Proxy runs: the plain bidder on the same product. A proxy bidder that leads waits (nothing in
    /// flight) until its partner's bid beats its maximum, so every proxy bid it sends makes a step.
    weak var partner: BenchBidder?
    private var loggedIn = false
    private var waiting = false

    init(connection: TCPConnection, product: Int, startPrice: Int64) {
        self.connection = connection
        self.product = product
        nextPrice = startPrice
        connection.onRead = { [unowned self] bytes in self.read(bytes) }
    }

    func start() {
        running = true
        if let token, !loggedIn {
            inFlight = true
            connection.write(Array("{\"dataType\":3,\"completionId\":0,\"data\":{\"token\":\"\(token)\"}}/".utf8))
            return
        }
        if !inFlight { sendBid() }
    }

    func sendBid() {
        completionID = (completionID + 1) & 0x7FFF_FFFF
        let maximum = maximumAbove.map { ",\"max_price\":\(nextPrice + $0)" } ?? ""
        let frame = "{\"dataType\":2,\"completionId\":\(completionID),\"data\":{\"product_id\":\(product),\"product_price\":\(nextPrice)\(maximum)}}/"
        sentAt = MonotonicClock.nanoseconds()
        if measuring { sendTimes[nextPrice] = sentAt }
        inFlight = true
        connection.write(Array(frame.utf8))
    }

    private func read(_ bytes: UnsafeRawBufferPointer) {
        decoder.append(bytes)
        while let event = decoder.nextEvent() {
            guard case .frame(let frame) = event, frame.dataType == 1 else { continue }
            let now = MonotonicClock.nanoseconds()
            inFlight = false
            if token != nil, !loggedIn {
                loggedIn = true
                if running { sendBid() }
                continue
            }
            // In a proxy run an `outbid_by_proxy` refusal committed the leader's step: a durable accepted bid too.
            let committed = frame.data["result"]?.boolValue == true
                || frame.data["reason"]?.stringValue == "outbid_by_proxy"
            if token != nil, let price = frame.data["price"]?.intValue { nextPrice = max(nextPrice, price) }
            if committed {
                if measuring {
                    accepted += 1
                    latencies.append(now - sentAt)
                }
            } else if measuring {
                refused += 1
            }
            nextPrice += Self.step
            if maximumAbove != nil, frame.data["result"]?.boolValue == true {
                waiting = true  // leading: a further proxy bid would only raise the maximum
                continue
            }
            if maximumAbove == nil, frame.data["result"]?.boolValue == true, let partner, partner.waiting {
                // This plain bid beat the partner's maximum: its proxy bidder is outbid and bids again.
                partner.waiting = false
                partner.nextPrice = max(partner.nextPrice, nextPrice)
                if partner.running { partner.sendBid() }
            }
            if running { sendBid() }
        }
    }
}

/// Watchers that loaded four pages and count price pushes, sampling one push per read for latency.
// @unchecked Sendable: touched only on `loop`; it crosses threads only inside `loop.execute` closures.
final class BenchWatchers: @unchecked Sendable {
    let loop: EventLoop
    var connections: [TCPConnection] = []
    var listReplies = 0
    var pushes = 0
    var measuring = false
    /// (product, price, arrival ns) of sampled pushes.
    var samples: [(Int, Int64, Int64)] = []

    init(loop: EventLoop) { self.loop = loop }

    /// Counts splitters (every frame ends in one; none occurs inside our frames) and samples the last push.
    func adopt(_ connection: TCPConnection) {
        connections.append(connection)
        var repliesLeft = 2  // the hello's and the list state's
        connection.onRead = { [unowned self] bytes in
            guard let base = bytes.baseAddress else { return }
            var count = 0
            var last = -1, previous = -1
            var offset = 0
            while offset < bytes.count, let hit = memchr(base + offset, 0x2F, bytes.count - offset) {
                let index = base.distance(to: UnsafeRawPointer(hit))
                previous = last
                last = index
                count += 1
                offset = index + 1
            }
            if repliesLeft > 0, count > 0 {
                let replies = min(repliesLeft, count)
                repliesLeft -= replies
                count -= replies
                if repliesLeft == 0 { listReplies += 1 }
            }
            guard measuring else { return }
            pushes += count
            if count > 0, last > 0 {
                let frame = UnsafeRawBufferPointer(rebasing: bytes[(previous + 1)..<last])
                if let sample = Self.parsePush(frame) {
                    samples.append((sample.0, sample.1, MonotonicClock.nanoseconds()))
                }
            }
        }
    }

    func subscribeAll() {
        // A hello first, as our client says it: without one a watcher is served as an original app
        // (sends cut at 4,096 bytes), which is not what this benchmark measures.
        let frame = Array(#"{"dataType":11,"completionId":2,"data":{"client":"auction-bench","version":"0","features":[]}}/"#.utf8)
            + Array(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#.utf8)
        for connection in connections { connection.write(frame) }
    }

    func closeAll() {
        for connection in connections { connection.close() }
        connections.removeAll()
    }

    private static let productKey = Array(#""product_id":"#.utf8)
    private static let priceKey = Array(#""product_price":"#.utf8)

    /// Reads `product_id` and `product_price` from a push as our server writes it.
    static func parsePush(_ frame: UnsafeRawBufferPointer) -> (Int, Int64)? {
        guard let id = number(after: productKey, in: frame),
              let price = number(after: priceKey, in: frame) else { return nil }
        return (Int(id), price)
    }

    private static func number(after key: [UInt8], in frame: UnsafeRawBufferPointer) -> Int64? {
        guard frame.count > key.count else { return nil }
        var start = 0
        search: while start + key.count < frame.count {
            for offset in 0..<key.count where frame[start + offset] != key[offset] {
                start += 1
                continue search
            }
            break
        }
        guard start + key.count < frame.count else { return nil }
        var index = start + key.count
        var value: Int64 = 0
        var digits = 0
        while index < frame.count, frame[index] >= 0x30, frame[index] <= 0x39, digits < 18 {
            value = value * 10 + Int64(frame[index] - 0x30)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

/// Runs `body` on `loop` and waits for its result (the benchmark's main thread orchestrates).
func onLoop<T>(_ loop: EventLoop, _ body: @escaping () -> T) -> T {
    let box = BenchBox<T>()
    let work = BenchBox<() -> Void>()
    work.value = { box.value = body() }
    let done = Latch<Bool>()
    loop.execute {
        work.value?()
        done.fulfil(true)
    }
    _ = done.wait()
    return box.value!
}

/// The bidders' and the watchers' event loops; nil (after saying why, as `suite`) when one cannot start.
func spawnClientLoops(suite: String) -> (bidders: EventLoop, watchers: EventLoop)? {
    do {
        return (try EventLoop.spawn(name: "bench-bidders"), try EventLoop.spawn(name: "bench-watchers"))
    } catch {
        print("\(suite): cannot start client loops: \(error)")
        return nil
    }
}

/// Connects `count` times to the socket on `loop` (over TLS with `tls`); returns the connections in order.
func connectMany(_ count: Int, port: Int, on loop: EventLoop, tls: TLSContext? = nil) -> [TCPConnection] {
    let latch = Latch<Bool>()
    let results = BenchBox<[Int: TCPConnection]>()
    results.value = [:]
    loop.execute {
        var pending = count
        for index in 0..<count {
            TCPConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 10_000, on: loop, tls: tls) { result in
                if case .success(let connection) = result { results.value?[index] = connection }
                pending -= 1
                if pending == 0 { latch.fulfil(true) }
            }
        }
    }
    _ = latch.wait()
    let connected = results.value ?? [:]
    return (0..<count).compactMap { connected[$0] }
}

/// A value handed between the main thread and a loop under a latch (serial by construction).
// @unchecked Sendable: written on one side of a `Latch` and read on the other, never both at once.
final class BenchBox<T>: @unchecked Sendable {
    var value: T?
}
