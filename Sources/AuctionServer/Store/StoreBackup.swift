import Glibc

/// `auction-server backup`: a consistent copy of a (running) server's SQLite store, verified and
/// written with mode 0600. Restoring is copying it back while the server is stopped (docs/SERVER.md).
public enum StoreBackup {
    /// What a backup wrote.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// The copy's path.
        public var path: String
        /// Database pages copied.
        public var pages: Int
        /// The copy's schema version.
        public var schemaVersion: Int
        /// Bids the copy holds.
        public var bids: Int

        /// One line for the operator.
        public var description: String {
            "backup: \(path): \(pages) pages, schema version \(schemaVersion), \(bids) bids, integrity ok"
        }
    }

    /// Copies the store at `database` to `output` (which must not exist) and checks the copy:
    /// `PRAGMA integrity_check` is `ok` and its schema version is the store's (one this server knows).
    /// A failed copy is removed.
    public static func copy(database: String, to output: String) throws(StoreError) -> Report {
        // Created here, empty and private, before SQLite writes a byte of the copy into it.
        let descriptor = open(output, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(path: output, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        do throws(StoreError) {
            let source = try SQLiteDatabase(path: database, options: [.readWrite])
            defer { source.close() }
            let sourceVersion = try StoreSchema.version(of: source)
            let supported = StoreSchema.currentVersion
            guard sourceVersion > 0 else {
                throw StoreError.unexpectedValue(path: database, detail: "not an auction store (schema version 0)")
            }
            guard sourceVersion <= supported else {
                throw StoreError.schemaTooNew(path: database, found: sourceVersion, supported: supported)
            }
            let copy = try SQLiteDatabase(path: output, options: [.readWrite])
            defer { copy.close() }
            let pages = try source.backup(into: copy)
            let check = try copy.query("PRAGMA integrity_check") { $0.text(0) }
            guard check == ["ok"] else {
                throw StoreError.unexpectedValue(path: output, detail: "integrity check: \(check.prefix(3).joined(separator: "; "))")
            }
            let version = try StoreSchema.version(of: copy)
            guard version == sourceVersion else {
                throw StoreError.unexpectedValue(path: output, detail: "the copy's schema version \(version) is not the store's \(sourceVersion)")
            }
            let bids = Int(try copy.scalarInteger("SELECT COUNT(*) FROM bids") ?? 0)
            _ = chmod(output, 0o600)
            return Report(path: output, pages: pages, schemaVersion: version, bids: bids)
        } catch {
            unlink(output)
            unlink(output + "-journal")
            throw error
        }
    }
}
