import Glibc

/// The debug-build proof of "the loop never waits": while the loop handles a socket connection's frames,
/// a store answer, an HTTP request's head or its route (`onLoop`), every store call
/// (`StoreConnection.withDatabase`) traps. Release builds check nothing.
enum LoopStoreCheck {
    #if DEBUG
    /// The thread-local mark (`pthread_key_create`); set only while the loop handles input.
    private static let mark: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()
    #endif

    /// Runs `body` (work on the loop) with the mark set (`pthread_setspecific`): a store touched in it traps.
    static func onLoop<Result>(_ body: () -> Result) -> Result {
        #if DEBUG
        let outer = pthread_getspecific(mark)
        pthread_setspecific(mark, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(mark, outer) }
        #endif
        return body()
    }

    /// Traps when called within `onLoop` (debug builds): `store` names what was touched.
    static func assertOffLoop(_ store: @autoclosure () -> String) {
        #if DEBUG
        precondition(pthread_getspecific(mark) == nil,
                     "the loop touched the store \(store()): store reads run on a worker (StoreLookups, the routes' offload)")
        #endif
    }
}
