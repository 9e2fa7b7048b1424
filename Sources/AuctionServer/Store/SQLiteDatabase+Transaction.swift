import CSQLite

extension SQLiteDatabase {
    /// How a transaction takes its lock (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
    public enum TransactionKind: String, Sendable {
        /// Locks on first read or write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once; the right choice for read-modify-write.
        case immediate = "IMMEDIATE"
        /// Takes the write lock at once and, outside WAL, keeps readers out.
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Inside an open transaction it nests as a savepoint. Swift does not yet infer typed throws
    /// for closures, so a throwing body is written `{ () throws(StoreError) in … }`.
    public func transaction<R>(_ kind: TransactionKind = .immediate, _ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        if !isAutocommit {
            return try savepoint(body)
        }
        try execute("BEGIN \(kind.rawValue)")
        let result: R
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            // SQLITE_BUSY leaves the transaction open; other failures already rolled back.
            rollbackQuietly()
            throw error
        }
        return result
    }

    private func savepoint<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try execute("SAVEPOINT nested")
        do {
            let result = try body()
            try execute("RELEASE nested")
            return result
        } catch {
            try? execute("ROLLBACK TO nested")
            try? execute("RELEASE nested")
            throw error
        }
    }

    private func rollbackQuietly() {
        if !isAutocommit { try? execute("ROLLBACK") }
    }
}
