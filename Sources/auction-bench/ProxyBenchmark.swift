// The `proxy` suite: how long one bid takes to decide against a product with many proxy bids.
import AuctionCore
import AuctionEngine

/// Runs the `proxy` benchmark suite; returns the process exit status.
///
/// Options: `--proxies N` (proxy bids placed on the one product first, default 10000),
/// `--samples N` (timed decisions per case, default 100000). Each timed decision is undone
/// (`revert`, untimed) so every sample meets the same book.
func runProxyBenchmark(_ arguments: [String]) -> Int32 {
    var proxies = 10_000, samples = 100_000
    var index = 0
    while index < arguments.count {
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else { return proxyUsage() }
        switch arguments[index] {
        case "--proxies": proxies = value
        case "--samples": samples = value
        default: return proxyUsage()
        }
        index += 2
    }
    let start = Timestamp(millisecondsSinceEpoch: 1_676_073_600_000)
    let product = Product(id: 1, name: "lot", startPrice: 10_000, currentPrice: 10_000, lastChange: .zero,
                          direction: .unchanged, auctionDate: "2023-02-11", endsAt: start.adding(milliseconds: 86_400_000))
    var book = AuctionBook(products: [product], softClose: .standard)
    // Every proxy offers one increment over the price with a maximum up to 50 increments above it,
    // so that some take the lead and the others are answered by the leader's proxy.
    var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
    var placed = 0, answered = 0
    for user in 1...proxies {
        generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        guard let lot = book.lot(for: 1) else { return 1 }
        let price = lot.price + book.increment(at: lot.price, on: lot)
        let spread = UInt64(max(1, book.increment(at: price, on: lot).minorUnits * 50))
        let maximum = price + Money(Int64((generator >> 33) % spread))
        let decision = book.decide(Bid(productID: 1, price: price, maximum: maximum), bidder: UserID(rawValue: Int64(user)),
                                   now: start.adding(milliseconds: Int64(user)))
        if decision.isAccepted { placed += 1 } else { answered += 1 }
        book.confirm(decision)
    }
    guard let lot = book.lot(for: 1), let leader = lot.leader else { return 1 }
    print("proxy: one product, \(proxies) proxy bids placed (\(placed) led, \(answered) answered by the leader's proxy); "
          + "price \(lot.price), \(samples) samples per case")
    let now = start.adding(milliseconds: Int64(proxies) + 1)
    let challenger = UserID(rawValue: Int64(proxies) + 1)
    let limit = lot.leaderMaximum ?? lot.price
    let cases: [(String, Bid, UserID)] = [
        ("plain bid answered by the proxy", Bid(productID: 1, price: book.nextMinimum(of: lot)), challenger),
        ("proxy bid answered by the proxy", Bid(productID: 1, price: book.nextMinimum(of: lot), maximum: limit), challenger),
        ("proxy bid taking the lead", Bid(productID: 1, price: book.nextMinimum(of: lot), maximum: limit + 50_000), challenger),
        ("leader raising their maximum", Bid(productID: 1, price: book.nextMinimum(of: lot), maximum: limit + 50_000), leader),
    ]
    let clock = ContinuousClock()
    var failed = false
    var all: [Int64] = []
    for (name, bid, bidder) in cases {
        var nanoseconds: [Int64] = []
        nanoseconds.reserveCapacity(samples)
        for _ in 0..<samples {
            let before = clock.now
            let decision = book.decide(bid, bidder: bidder, now: now)
            let elapsed = before.duration(to: clock.now).components
            nanoseconds.append(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
            if !decision.changesBook { failed = true }
            book.revert(decision)
        }
        nanoseconds.sort()
        all.append(contentsOf: nanoseconds)
        print(pad(name, 36) + figures(nanoseconds))
    }
    all.sort()
    print(pad("all cases", 36) + figures(all))
    if book.lot(for: 1) != lot {
        print("proxy: the book did not come back to its state after the reverts")
        failed = true
    }
    if failed { print("proxy: a timed decision changed nothing (wrong setup)") }
    return failed ? 1 : 0
}

private func proxyUsage() -> Int32 {
    print("usage: auction-bench proxy [--proxies N] [--samples N]")
    return 2
}

/// p50, p99 and the maximum of sorted nanosecond samples, in microseconds.
private func figures(_ sorted: [Int64]) -> String {
    func at(_ fraction: Double) -> String {
        format(Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1_000, 2)
    }
    return "p50 " + pad(at(0.50) + " µs", 12) + "p99 " + pad(at(0.99) + " µs", 12) + "max " + format(Double(sorted.last ?? 0) / 1_000, 1) + " µs"
}
