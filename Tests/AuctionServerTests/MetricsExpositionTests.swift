@testable import AuctionServer
import Testing

/// Issue 22, metrics: the Prometheus text exposition format (0.0.4) as `GET /metrics` writes it.
@Suite struct MetricsExpositionTests {
    @Test func familiesHaveHelpAndTypeAndLabelValuesAreEscaped() {
        var page = MetricsText()
        page.family("auction_things_total", .counter, help: "Things, with a \\ and a\nline feed.")
        page.sample("auction_things_total", [("route", "a\"b\\c\nd"), ("kind", "plain")], 7)
        page.sample("auction_things_total", 3)
        #expect(page.text == """
            # HELP auction_things_total Things, with a \\\\ and a\\nline feed.
            # TYPE auction_things_total counter
            auction_things_total{route="a\\"b\\\\c\\nd",kind="plain"} 7
            auction_things_total 3

            """)
    }

    @Test func histogramBucketsAreCumulativeAndEndWithInfinity() {
        var page = MetricsText()
        page.family("auction_wait_seconds", .histogram, help: "Waits.")
        // 1 at most 0.5 s, 2 at most 1 s, 0 at most 2 s, 3 above: sum 9.5 s in nanoseconds.
        page.histogram("auction_wait_seconds", labels: [("route", "/x")], bounds: [500_000_000, 1_000_000_000, 2_000_000_000],
                       counts: [1, 2, 0, 3], sum: 9_500_000_000, scale: 1e9)
        #expect(page.text == """
            # HELP auction_wait_seconds Waits.
            # TYPE auction_wait_seconds histogram
            auction_wait_seconds_bucket{route="/x",le="0.5"} 1
            auction_wait_seconds_bucket{route="/x",le="1"} 3
            auction_wait_seconds_bucket{route="/x",le="2"} 3
            auction_wait_seconds_bucket{route="/x",le="+Inf"} 6
            auction_wait_seconds_sum{route="/x"} 9.5
            auction_wait_seconds_count{route="/x"} 6

            """)
    }

    @Test func atomicHistogramsCountEachObservationInItsBucket() {
        let histogram = AtomicHistogram(bounds: [1, 2, 4])
        for value in [0, 1, 2, 3, 4, 5, 100] { histogram.observe(value) }
        let snapshot = histogram.snapshot
        #expect(snapshot.counts == [2, 1, 2, 2])
        #expect(snapshot.sum == 115)
        var sizes = LedgerBatchSizes()
        for bids in [1, 1, 3, 2_000] { sizes.note(bids) }
        #expect(sizes.perBucket == [2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test func numbersAreWrittenAsTheFormatReadsThem() {
        #expect(MetricsText.number(.infinity) == "+Inf")
        #expect(MetricsText.number(-.infinity) == "-Inf")
        #expect(MetricsText.number(.nan) == "NaN")
        #expect(MetricsText.number(0.00005) == "5e-05")
        #expect(MetricsText.number(10) == "10")
    }
}
