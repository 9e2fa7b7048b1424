import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// The bid path as a program read from the input: a catalogue with arbitrary prices (a corrupt
/// store included), arbitrary limits, then bids, simulated bidders' ticks, commits, reverts and
/// closes in any order. Nothing may trap, and every accepted bid must keep the limits.
extension FuzzTarget {
    /// The auction book, its rules and the simulated bidders.
    public static let bids = FuzzTarget(name: "bid", generate: generateBids, run: runBids)

    private static func generateBids(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 16...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    private static func runBids(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let limits = PriceLimits(maximumPrice: Money(input.edgyInt64()), maximumRaise: Money(input.edgyInt64()))
        var now = Timestamp(millisecondsSinceEpoch: 1_676_073_600_000)
        let products = (1...(1 + input.small(12))).map { index in
            Product(id: ProductID(index), name: "p\(index)", startPrice: .zero, currentPrice: Money(input.edgyInt64()),
                    lastChange: Money(input.edgyInt64()), direction: .up, auctionDate: "2023-02-11",
                    endsAt: input.small(3) == 0 ? now.adding(milliseconds: input.edgyInt64()) : nil,
                    minimumIncrement: input.small(2) == 0 ? Money(input.edgyInt64()) : nil)
        }
        var book = AuctionBook(products: products, rules: BidRules(limits: limits))
        var simulation = BidderSimulation(
            configuration: BidderSimulation.Configuration(
                pace: input.small(2) == 0 ? .demoFeed : .steady(bidsPerSecond: 1 + input.small(200)), positions: nil,
                raise: Money(input.edgyInt64())),
            generator: SplitMix64(seed: input.uint64()), start: now)
        var pending: [AcceptedBid] = []
        var operations = 0
        while input.hasMore && operations < 400 {
            operations += 1
            switch input.small(7) {
            case 0:
                let id = input.small(4) == 0 ? ProductID(Int(truncatingIfNeeded: input.edgyInt64())) : ProductID(1 + input.small(products.count))
                let bid = Bid(productID: id, price: Money(input.edgyInt64()))
                if let broken = decide(bid, in: &book, now: now, limits: limits, pending: &pending) { return broken }
            case 1:
                now = now.adding(milliseconds: Int64(input.byte()) * 20)
                for bid in simulation.tick(now: now, book: book) {
                    if bid.price > limits.maximumPrice { return "the simulation offered \(bid.price) over the maximum" }
                    if let broken = decide(bid, in: &book, now: now, limits: limits, pending: &pending) { return broken }
                }
            case 2:
                let count = min(pending.count, input.small(4))
                book.confirm(pending.prefix(count))
                pending.removeFirst(count)
            case 3:
                guard !pending.isEmpty else { continue }
                book.revert(pending.remove(at: input.small(pending.count)))
            case 4:
                _ = book.closeDue(now: now)
            case 5:
                now = now.adding(milliseconds: input.edgyInt64())
            default:
                // A proxy bid from one of three users: its steps (the bidder's, or the leader's answer) keep the limits too.
                let id = ProductID(1 + input.small(products.count))
                let bid = Bid(productID: id, price: Money(input.edgyInt64()), maximum: Money(input.edgyInt64()))
                let bidder = UserID(rawValue: Int64(1 + input.small(3)))
                if let broken = decide(bid, by: bidder, in: &book, now: now, limits: limits, pending: &pending) { return broken }
            }
        }
        _ = book.revert(pending)
        return nil
    }

    private static func decide(_ bid: Bid, by bidder: UserID? = nil, in book: inout AuctionBook, now: Timestamp,
                               limits: PriceLimits, pending: inout [AcceptedBid]) -> String? {
        let decision = book.decide(bid, bidder: bidder, now: now)
        for (record, update) in zip(decision.steps, decision.updates) {
            if let broken = check(record, update: update, limits: limits) { return broken }
            pending.append(record)
        }
        return nil
    }

    private static func check(_ record: AcceptedBid, update: PriceUpdate, limits: PriceLimits) -> String? {
        if record.price > limits.maximumPrice { return "accepted \(record.price) over the maximum \(limits.maximumPrice)" }
        if !limits.admits(storedPrice: record.previousPrice) { return "accepted a bid over an out-of-range price \(record.previousPrice)" }
        if record.price <= record.previousPrice { return "accepted \(record.price) not above \(record.previousPrice)" }
        guard let raise = record.price.subtracting(record.previousPrice), raise <= limits.maximumRaise else {
            return "accepted a raise from \(record.previousPrice) to \(record.price) over the maximum \(limits.maximumRaise)"
        }
        return update.price == record.price ? nil : "the push says \(update.price), the bid \(record.price)"
    }
}
