import CSQLite

extension SQLiteDatabase {
    /// Copies this database, page by page, into `destination` with SQLite's online backup API
    /// (`sqlite3_backup_*`, in one step: a read transaction on a WAL database, so the server's writers
    /// carry on and the copy is the state when the step began). Returns the pages copied.
    @discardableResult
    public func backup(into destination: SQLiteDatabase) throws(StoreError) -> Int {
        let source = try openHandle()
        let target = try destination.openHandle()
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw destination.error(sqlite3_errcode(target))
        }
        var status: Int32
        repeat {
            status = sqlite3_backup_step(backup, -1)
            // Another connection held a lock for a moment: wait as the busy timeout would, then go on.
            if status == SQLITE_BUSY || status == SQLITE_LOCKED { _ = sqlite3_sleep(10) }
        } while status == SQLITE_BUSY || status == SQLITE_LOCKED
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finished = sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE, finished == SQLITE_OK else {
            throw destination.error(status == SQLITE_DONE ? finished : status)
        }
        return pages
    }
}
