import AuctionInfrastructure
import Testing

@Suite struct SocketClientBackoffTests {
    @Test func delaysDoubleUpToTheCapWithoutJitter() {
        var backoff = ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 1_000, jitter: 0)
        var random = SplitMix64(seed: 1)
        let delays = (0..<6).map { _ in backoff.nextDelay(using: &random) }
        #expect(delays == [100, 200, 400, 800, 1_000, 1_000])
        backoff.reset()
        #expect(backoff.nextDelay(using: &random) == 100)
    }

    @Test func jitterStaysWithinItsShareOfTheDelay() {
        var random = SplitMix64(seed: 9)
        var seen: Set<Int64> = []
        for _ in 0..<200 {
            var backoff = ReconnectBackoff(initialMilliseconds: 1_000, maximumMilliseconds: 1_000, jitter: 0.5)
            let delay = backoff.nextDelay(using: &random)
            #expect((500...1_000).contains(delay))
            seen.insert(delay)
        }
        #expect(seen.count > 10)
    }

    @Test func manyAttemptsNeverOverflow() {
        var backoff = ReconnectBackoff(initialMilliseconds: 1_000, maximumMilliseconds: 30_000, jitter: 0)
        var random = SplitMix64(seed: 3)
        for _ in 0..<1_000 { #expect(backoff.nextDelay(using: &random) <= 30_000) }
    }
}
