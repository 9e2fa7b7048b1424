import AuctionCore
import AuctionImage
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// The stores' behaviour, the same on SQLite and on PostgreSQL (the SQLite suites are the spec).
@Suite struct SharedStoreTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test(arguments: TestStore.engines)
    func accountsHaveUniqueNamesAndSessionsExpireAndRevoke(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try AccountStore(target: test.target)
        defer { store.close() }
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "h", at: Self.now))
        #expect(try store.createUser(name: "alice", passwordHash: "other", at: Self.now) == nil)
        #expect(try store.user(named: "alice")?.id == alice)
        let expires = Self.now.adding(milliseconds: 1_000)
        try store.createSession(tokenHash: "abc", userID: alice, createdAt: Self.now, expiresAt: expires)
        #expect(try store.session(tokenHash: "abc")?.userName == "alice")
        #expect(try store.revokeSession(tokenHash: "abc", at: Self.now))
        #expect(try store.revokeSession(tokenHash: "abc", at: Self.now) == false)
        #expect(try store.session(tokenHash: "abc")?.isValid(at: Self.now) == false)
        #expect(try store.removeExpiredSessions(before: expires) == 1)
        #expect(throws: StoreError.self) {
            try store.createSession(tokenHash: "t", userID: UserID(rawValue: 42), createdAt: Self.now, expiresAt: expires)
        }
    }

    @Test(arguments: TestStore.engines)
    func theDemoCatalogueIsSeededOnceAndNewLotsGetTheNextIDs(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try CatalogueStore(target: test.target)
        defer { store.close() }
        #expect(try store.seedDemoCatalogueIfEmpty(now: Self.now))
        #expect(try store.seedDemoCatalogueIfEmpty(now: Self.now) == false)
        let products = try store.allProducts()
        #expect(products.count == DemoCatalogue.productCount)
        #expect(products.allSatisfy { !$0.imageIDs.isEmpty })
        let added = try store.add([ProductListing(name: "Brass lamp", seller: "ada", startPrice: 100, listedAt: Self.now,
                                                  history: [PricePoint(date: "2026-01-02", price: 90)], images: [[1, 2, 3]])])
        #expect(added == [ProductID(DemoCatalogue.productCount + 1)])
        let detail = try #require(try store.detail(of: added[0]))
        #expect(detail.sellerName == "ada" && detail.priceHistory == [PricePoint(date: "2026-01-02", price: 90)])
        #expect(try store.image(detail.product.imageIDs[0]) == [1, 2, 3])
        #expect(try store.lotTerms()[ProductID(3)]?.buyNowPrice != nil)
    }

    @Test(arguments: TestStore.engines)
    func historyMergesBidsAndClosesAreRecordedOnce(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try CatalogueStore(target: test.target)
        defer { store.close() }
        let id = try store.add([ProductListing(name: "Desk", seller: "bo", startPrice: 100, listedAt: Self.now,
                                               history: [PricePoint(date: "2026-09-21", price: 150)])])[0]
        let winner = try store.withDatabase { database throws(StoreError) -> UserID in
            let user = try database.insertReturningID("INSERT INTO users (name, password_hash, created_at) VALUES ('cy', 'h', 1)", [])
            // 2026-09-21 and 2026-09-22 (UTC): the second day only has the bid.
            try database.write("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (?, 170, 150, ?, ?)",
                               [.integer(Int64(id.rawValue)), .integer(user), .integer(1_790_000_000_000)])
            try database.write("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (?, 180, 170, ?, ?)",
                               [.integer(Int64(id.rawValue)), .integer(user), .integer(1_790_100_000_000)])
            return UserID(rawValue: user)
        }
        #expect(try store.priceHistory(of: id) == [PricePoint(date: "2026-09-21", price: 170), PricePoint(date: "2026-09-22", price: 180)])
        #expect(try store.leaders()[id] == winner)
        #expect(try store.bidCounts()[id] == 2)
        #expect(try store.bidders()[id] == [winner])
        #expect(try store.bidHistory(of: id, limit: 1).map(\.price) == [180])
        #expect(try store.recordClose(AuctionClosure(productID: id, finalPrice: 180, winner: winner, closedAt: Self.now)))
        #expect(try store.recordClose(AuctionClosure(productID: id, finalPrice: 1, winner: nil, closedAt: Self.now)) == false)
        #expect(try store.closedAuctions()[id]?.winnerName == "cy")
    }

    @Test(arguments: TestStore.engines)
    func searchMatchesTextLiterallyAndPagesByKeyset(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try CatalogueStore(target: test.target)
        defer { store.close() }
        let ids = try store.add([
            ProductListing(name: "Brass lamp", seller: "ada", description: "a 100% brass desk lamp", startPrice: 300, listedAt: Self.now),
            ProductListing(name: "Oak desk", seller: "bo", description: "solid oak", startPrice: 200, listedAt: Self.now),
            ProductListing(name: "Lamp shade", seller: "lampwright", startPrice: 100, listedAt: Self.now),
        ])
        func search(_ text: String, sort: CatalogueQuery.Sort = .id) throws -> [ProductID] {
            try store.query(CatalogueQueryRequest(CatalogueQuery(search: text, sort: sort, status: .all)), now: Self.now).ids
        }
        #expect(try search("lamp") == ids.filter { $0 != ids[1] })
        #expect(try search("LAMP brass") == [ids[0]])
        #expect(try search("100%") == [ids[0]])
        #expect(try search("_x%' OR 1=1 --").isEmpty)
        #expect(try search("desk", sort: .rank).first == ids[1])  // in the name ranks above the description
        let first = try store.query(CatalogueQueryRequest(CatalogueQuery(sort: .price, status: .all), limit: 2), now: Self.now)
        #expect(first.ids == [ids[2], ids[1]])
        let second = try store.query(CatalogueQueryRequest(CatalogueQuery(sort: .price, status: .all), limit: 2, cursor: first.next), now: Self.now)
        #expect(second.ids == [ids[0]] && second.next == nil)
    }

    @Test(arguments: TestStore.engines)
    func chatKeepsTheLastMessagesOfARoomInOrder(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try ChatStore(target: test.target)
        defer { store.close() }
        let first = try store.append(room: "lobby", sender: "ada", text: "hello", at: Self.now)
        _ = try store.append(room: "other", sender: "bo", text: "elsewhere", at: Self.now)
        let second = try store.append(room: "lobby", sender: "bo", text: "héllo ✓", at: Self.now)
        #expect(second.sequence > first.sequence)
        #expect(try store.recent(in: "lobby").map(\.text) == ["hello", "héllo ✓"])
        #expect(try store.recent(in: "lobby", limit: 1).map(\.text) == ["héllo ✓"])
        #expect(try store.recent(in: "lobby", maximumTextBytes: 5).map(\.text) == ["hello"])
    }

    @Test(arguments: TestStore.engines)
    func sellersListEditAndWithdrawLotsWithStoredImages(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let accounts = try AccountStore(target: test.target)
        let selling = try SellingStore(target: test.target)
        let images = try ImageStore(target: test.target)
        defer { accounts.close(); selling.close(); images.close() }
        let seller = try #require(try accounts.createUser(name: "sue", passwordHash: "h", at: Self.now))
        let upload = try ImageUpload.Rules().validate(try PNGEncoder.encode(RGBAImage(width: 2, height: 2, pixels: Array(repeating: 200, count: 16))))
        let stored = try images.store(upload, at: Self.now)
        try images.store(upload, at: Self.now)
        #expect(try images.count() == 1)
        #expect(try images.image(hash: stored.hash)?.bytes == upload.bytes)
        let listing = SaleListing(name: "Chair", startPrice: 500, endsAt: Self.now.adding(milliseconds: 60_000), imageHashes: [stored.hash])
        let product = try #require(try selling.create(listing, seller: seller, sellerName: "sue", now: Self.now))
        #expect(product.imageIDs.count == 1)
        #expect(try selling.create(SaleListing(name: "X", startPrice: 1, endsAt: Self.now, imageHashes: [String(repeating: "0", count: 64)]),
                                   seller: seller, sellerName: "sue", now: Self.now) == nil)
        #expect(try images.attach(hashes: [stored.hash], to: product.id)?.count == 1)
        var edit = SaleEdit()
        edit.name = "Armchair"
        #expect(try selling.edit(product.id, edit, now: Self.now) == .applied)
        #expect(try selling.selling(of: seller).map(\.name) == ["Armchair"])
        #expect(try selling.withdraw(product.id, now: Self.now) == .applied)
        #expect(try selling.withdrawnProducts() == [product.id])
        #expect(try selling.selling(of: seller).map(\.status) == [SellingLot.Status.withdrawn])
        #expect(try selling.sellerIDs()[product.id] == seller)
        let simulated = try selling.simulatedSeller(now: Self.now)
        #expect(try selling.simulatedSeller(now: Self.now) == simulated)
    }

    @Test(arguments: TestStore.engines)
    func biddersWatchAndSeeTheirBidsAndNotificationsArePruned(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let catalogue = try CatalogueStore(target: test.target)
        let bidder = try BidderStore(target: test.target)
        let notices = try NotificationStore(target: test.target)
        defer { catalogue.close(); bidder.close(); notices.close() }
        let id = try catalogue.add([ProductListing(name: "Vase", seller: "v", startPrice: 100, listedAt: Self.now,
                                                   endsAt: Self.now.adding(milliseconds: 60_000))])[0]
        let user = try catalogue.simulatedProxyBidders(now: Self.now)[0]
        try catalogue.withDatabase { database throws(StoreError) in
            try database.write("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (?, 120, 100, ?, 1)",
                               [.integer(Int64(id.rawValue)), .integer(user.rawValue)])
        }
        #expect(try bidder.myBids(of: user, limit: 10).map(\.myHighest) == [120])
        #expect(try bidder.watch(id, for: user, capacity: 1, at: Self.now) == .watched)
        #expect(try bidder.watch(ProductID(999), for: user, capacity: 1, at: Self.now) == .unknownProduct)
        #expect(try bidder.watchlist(of: user) == [id])
        #expect(try bidder.unwatch(id, for: user))
        for minute in 0..<3 {
            _ = try notices.insert(NotificationDraft(user: user, kind: .outbid, productID: id, price: 130,
                                                     createdAt: Self.now.adding(milliseconds: Int64(minute) * 60_000)))
        }
        #expect(try notices.unseen(for: user, limit: 10).map(\.productName) == ["Vase", "Vase", "Vase"])
        #expect(try notices.prune([user], retention: NotificationRetention(perUser: 2), now: Self.now) == 1)
        let newest = try notices.newest(for: user, limit: 10)
        #expect(try notices.markSeen(for: user, upTo: newest[0].id, at: Self.now) == 2)
        #expect(try notices.unseen(for: user, limit: 10).isEmpty)
    }
}
