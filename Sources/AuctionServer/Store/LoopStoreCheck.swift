import Glibc

/// The debug-build proof of "the loop never waits": the socket loop marks its thread, and every store
/// call (`StoreConnection.withDatabase`) traps when made from a marked thread. Release builds check nothing.
enum LoopStoreCheck {
    #if DEBUG
    /// The thread-local mark (`pthread_key_create`); set only on the loop's thread.
    private static let mark: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()
    #endif

    /// Marks the calling thread as the socket loop's (`pthread_setspecific`): a store touched from it then traps.
    static func markLoopThread() {
        #if DEBUG
        pthread_setspecific(mark, UnsafeRawPointer(bitPattern: 1))
        #endif
    }

    /// Traps when the calling thread is the socket loop's (debug builds): `store` names what was touched.
    static func assertOffLoop(_ store: @autoclosure () -> String) {
        #if DEBUG
        precondition(pthread_getspecific(mark) == nil,
                     "the socket loop touched the store \(store()): store reads run on a worker (StoreLookups)")
        #endif
    }
}
