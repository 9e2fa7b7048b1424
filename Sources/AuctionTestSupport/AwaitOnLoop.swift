import AuctionInfrastructure

/// Runs `body` on `loop`'s thread and waits until it calls `done`; nil if the watchdog fires first.
public func awaitOnLoop<T: Sendable>(
    _ loop: EventLoop, watchdogMilliseconds: Int64 = 20_000,
    _ body: @escaping (_ done: @escaping (T) -> Void) -> Void
) async -> T? {
    let handed = LoopBound(handingOver: body, to: loop)
    return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let once = ResumeOnce(continuation)
        loop.execute {
            loop.schedule(afterMilliseconds: watchdogMilliseconds) { once.resume(nil) }
            handed.value { once.resume($0) }
        }
    }
}
