import Glibc

/// An exclusive `flock(2)` on the database file, held for as long as one server runs on it.
///
/// Each server decides bids against prices it keeps in memory, so two servers on one file would
/// accept a lower bid after a higher one. The lock makes a second server refuse to start instead.
/// It also creates a missing database file with mode 0600 before SQLite opens it (SQLite gives its
/// `-wal` and `-shm` files the database file's mode). `flock` locks are independent of SQLite's own
/// POSIX record locks; release the lock only after every SQLite connection to the file has closed.
///
/// Deliberately not `Sendable`: the server takes it in `start()` and releases it in `stop()`.
final class DatabaseFileLock {
    /// The locked file.
    let path: String
    private var descriptor: CInt

    /// Opens (creating with mode 0600 when missing) and locks `path`; `inUse` when another holder still
    /// has it after `patienceMilliseconds`.
    init(path: String, patienceMilliseconds: Int = 1_000) throws(StoreError) {
        self.path = path
        var opened: CInt
        repeat { opened = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) } while opened < 0 && errno == EINTR
        guard opened >= 0 else {
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        var locked: CInt
        // A child process that another thread of this process is spawning holds a copy of every
        // descriptor between its fork and its exec (O_CLOEXEC closes it only at the exec), and with it
        // a just-released lock. So a refusal is believed only after it has lasted `patience`; a second
        // server holds the lock for as long as it runs.
        var waited = 0
        while true {
            repeat { locked = flock(opened, LOCK_EX | LOCK_NB) } while locked < 0 && errno == EINTR
            guard locked < 0, errno == EWOULDBLOCK, waited < patienceMilliseconds else { break }
            usleep(20_000)
            waited += 20
        }
        guard locked == 0 else {
            let code = errno
            Glibc.close(opened)
            if code == EWOULDBLOCK { throw StoreError.inUse(path: path) }
            throw StoreError.cannotOpen(path: path, reason: "flock: " + String(cString: strerror(code)))
        }
        descriptor = opened
    }

    deinit { release() }

    /// Whether the lock is still held.
    var isHeld: Bool { descriptor >= 0 }

    /// Releases the lock (closing the descriptor); later calls do nothing.
    func release() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
