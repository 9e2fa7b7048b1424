import Glibc

/// The debug-build proof of "the loop never waits": while the socket service handles a connection's
/// frames or a store answer on its loop (`onSocketLoop`), every store call (`StoreConnection.withDatabase`)
/// traps. Release builds check nothing.
///
/// Scoped to the socket service's work, not the whole thread: the HTTP routes share the loop and still
/// resolve bearer tokens there (a later change moves them too).
enum LoopStoreCheck {
    #if DEBUG
    /// The thread-local mark (`pthread_key_create`); set only while the socket service works on its loop.
    private static let mark: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()
    #endif

    /// Runs `body` (socket service work on its loop) with the mark set (`pthread_setspecific`): a store touched in it traps.
    static func onSocketLoop<Result>(_ body: () -> Result) -> Result {
        #if DEBUG
        let outer = pthread_getspecific(mark)
        pthread_setspecific(mark, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(mark, outer) }
        #endif
        return body()
    }

    /// Traps when called within `onSocketLoop` (debug builds): `store` names what was touched.
    static func assertOffLoop(_ store: @autoclosure () -> String) {
        #if DEBUG
        precondition(pthread_getspecific(mark) == nil,
                     "the socket loop touched the store \(store()): store reads run on a worker (StoreLookups)")
        #endif
    }
}
