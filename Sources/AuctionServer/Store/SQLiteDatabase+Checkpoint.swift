extension SQLiteDatabase {
    /// What a WAL checkpoint did: whether a reader kept it from finishing, and the frames involved.
    public struct CheckpointResult: Sendable, Hashable {
        /// Whether the checkpoint could not finish (a reader or writer was busy).
        public var busy: Bool
        /// Frames in the WAL before the checkpoint.
        public var walFrames: Int64
        /// Frames copied into the database file.
        public var checkpointedFrames: Int64
    }

    /// Copies the whole WAL into the database file and truncates the WAL to zero bytes
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`), so the main file alone holds every committed change.
    @discardableResult
    public func checkpointTruncatingWAL() throws(StoreError) -> CheckpointResult {
        let rows = try query("PRAGMA wal_checkpoint(TRUNCATE)") { row in
            CheckpointResult(busy: row.int64(0) != 0, walFrames: row.int64(1), checkpointedFrames: row.int64(2))
        }
        return rows.first ?? CheckpointResult(busy: false, walFrames: 0, checkpointedFrames: 0)
    }
}
