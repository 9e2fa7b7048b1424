import AuctionCore

extension CatalogueStore {
    /// A product's accepted bids (retracted ones marked, a retraction's repricing too), newest first, at most `limit`, with each bidder's name shortened
    /// (`BidderAlias`) so full names never leave the store's caller, except the `viewer`'s own, in full and marked; anonymous bids have none.
    public func bidHistory(of id: ProductID, limit: Int, viewer: UserID? = nil) throws(StoreError) -> [BidHistoryEntry] {
        try withDatabase { database throws(StoreError) -> [BidHistoryEntry] in
            try database.rows("""
                SELECT bids.accepted_at, users.name, bids.price, bids.automatic, bids.id, bids.retracted_at, bids.user_id FROM bids
                LEFT JOIN users ON users.id = bids.user_id
                WHERE bids.product_id = ? ORDER BY bids.id DESC LIMIT ?
                """, [.integer(Int64(id.rawValue)), .integer(Int64(max(0, limit)))]) { row in
                let own = viewer != nil && row.optionalInt64(6) == viewer?.rawValue
                var entry = BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: row.int64(0)),
                                            bidder: row.optionalText(1).map { own ? $0 : BidderAlias.shortened($0) }, price: Money(row.int64(2)),
                                            isAutomatic: row.int64(3) != 0, id: row.int64(4), isRetracted: !row.isNull(5),
                                            isRepricing: row.int64(3) == SellingStore.repricingStep)
                entry.isViewers = own
                return entry
            }
        }
    }
}
