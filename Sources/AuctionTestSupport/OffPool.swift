import Foundation

/// Runs blocking work (a blocking `recv`, waiting for a child process, a timed sequence of socket
/// steps) on a thread of its own instead of the Swift concurrency pool, which has only one thread
/// per core and is shared by every test. A new thread each time: unlike a shared dispatch queue,
/// it cannot queue behind other blocked work, so the work starts at once even in a full parallel run.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "off-pool"
        thread.start()
    }
}

/// `offPool` for work that cannot fail.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.name = "off-pool"
        thread.start()
    }
}
