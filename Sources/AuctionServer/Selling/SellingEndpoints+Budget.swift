import AuctionCore

/// The per-user bounds a new lot meets before it is written (issue 19): lots an hour, open lots and
/// the image bytes the user's lots hold. Checked on the writer thread, where lots are written one at a time.
extension SellingEndpoints {
    /// Throws the first per-user bound `listing` would pass; otherwise takes one lot from the hour's budget.
    func admitLot(_ listing: SaleListing, seller: UserID) throws(SaleRefusal) {
        let open: Int, stored: Int
        do {
            open = try store.openLots(of: seller)
            stored = try store.imageBytes(of: seller)
        } catch {
            throw .storeFailed
        }
        guard open < limits.maximumOpenLots else { throw .tooManyOpenLots(limits.maximumOpenLots) }
        let adding = listing.uploads.reduce(0) { $0 + $1.bytes.count }
        guard adding <= limits.storedImageBytesPerUser - stored else { throw .storageFull(limits.storedImageBytesPerUser) }
        if let retry = budget.takeLot(seller, now: now()) { throw .tooManyLots(retryAfterMilliseconds: retry) }
    }
}
