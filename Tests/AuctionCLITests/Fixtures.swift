import AuctionCore

/// Products for rendering tests: Korean, emoji and ASCII names, realistic prices.
enum Fixtures {
    static let names = ["빈티지 가죽 가방", "Mechanical keyboard", "한정판 운동화 🏃", "Film camera", "무선 이어폰",
                        "Road bike", "캠핑 텐트", "Vinyl records (box)", "커피 머신", "Desk lamp",
                        "게이밍 모니터 27인치", "Wool coat", "손목시계", "Board games", "전자책 리더기"]

    static func product(_ id: Int, name: String? = nil, price: Int64 = 35_000, start: Int64 = 10_000, change: Int64 = 0) -> Product {
        Product(id: ProductID(id), name: name ?? names[(id - 1) % names.count], startPrice: Money(start),
                currentPrice: Money(price), lastChange: Money(change), direction: PriceDirection(change: Money(change)),
                auctionDate: "2026-11-22")
    }

    /// A full page of 15 products with ids from `first`.
    static func page(from first: Int = 1) -> [Product] {
        (first..<first + 15).map { product($0, price: Int64(20_000 + $0 * 1_500), start: Int64(10_000 + $0 * 100), change: $0 % 3 == 0 ? 500 : 0) }
    }

    /// The product after a bid raised (or lowered) its price by `by`.
    static func bid(_ product: Product, by change: Int64) -> Product {
        let new = Money(product.currentPrice.minorUnits + change)
        return product.applying(PriceUpdate(productID: product.id, price: new, change: Money(change),
                                            direction: PriceDirection(change: Money(change)), auctionDate: "2026-11-22"))
    }
}
