/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass (then asks once more);
/// returns whether it held. It sleeps in the task, so no concurrency-pool thread is held while waiting.
public func eventually(timeout: Double = 30, _ condition: () throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int((timeout * 1000).rounded())))
    while clock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}
