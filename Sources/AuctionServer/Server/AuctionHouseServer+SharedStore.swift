import AuctionCore

/// Opening a node on the shared PostgreSQL store (`configuration.store`).
extension AuctionHouseServer {
    /// Creates or migrates the shared store's schema (under its advisory lock: nodes may start together).
    func migrateShared(_ store: PostgresConnectionString) throws(StoreError) {
        let connection = try PostgresConnection(store.conninfo)
        defer { connection.close() }
        let applied = try PostgresSchema.migrate(connection)
        if !applied.isEmpty {
            log.info("store: migrated \(store.displayTarget) to schema version \(applied.last ?? 0)")
        }
    }

    /// The bid ledger on the shared store.
    func sharedLedger(_ store: PostgresConnectionString) throws(StoreError) -> any BidLedger<StoreError> {
        try PostgresBidLedger(store: store, keyLifetimeMilliseconds: configuration.bidding.idempotencyLifetimeMilliseconds, clock: clock)
    }
}
