import AuctionCore

/// Catalogues and clocks shared by the engine's tests (plain values, no global state).
public enum EngineFixtures {
    /// A fixed point in time: 2023-02-11T00:00:00Z.
    public static let start = Timestamp(millisecondsSinceEpoch: 1_676_073_600_000)

    /// `count` products with ids 1…count, each at 10,000 (ids can be spread by `idStep`).
    public static func products(
        count: Int, idStep: Int = 1, price: Money = 10_000, endsAt: Timestamp? = nil, minimumIncrement: Money? = nil
    ) -> [Product] {
        (1...count).map { index in
            Product(
                id: ProductID(index * idStep), name: "product \(index)", startPrice: price, currentPrice: price,
                lastChange: .zero, direction: .unchanged, auctionDate: "2023-02-11",
                endsAt: endsAt, minimumIncrement: minimumIncrement
            )
        }
    }

    /// `start` moved by some milliseconds.
    public static func at(_ milliseconds: Int64) -> Timestamp {
        start.adding(milliseconds: milliseconds)
    }
}
