import AuctionInfrastructure

extension ManualClock {
    /// Runs `work` while moving the clock forward by `step` every 10 ms (for at most ~60 s: on a loaded
    /// machine `work`'s task may wait that long for a thread of Swift's pool before it even starts), and
    /// returns its result: a timeout the work waits for passes as soon as it is waited for, without real
    /// time passing.
    public func advancing<T: Sendable>(by step: Int64, _ work: @escaping @Sendable () async -> T) async -> T {
        let done = Mutex(false)
        let task = Task {
            let result = await work()
            done.withLock { $0 = true }
            return result
        }
        for _ in 0..<6_000 where !done.withLock({ $0 }) {
            advance(milliseconds: step)
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await task.value
    }
}
