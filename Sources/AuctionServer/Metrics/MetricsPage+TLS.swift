import AuctionInfrastructure

extension MetricsPage {
    /// The TLS handshake families, one series per TLS listener (`listener="https"` or `"socket"`);
    /// nothing without `--tls-cert`.
    func renderTLS(_ page: inout MetricsText) {
        guard !tlsListeners.isEmpty else { return }
        let counts = tlsListeners.map { ($0.name, $0.settings.counts) }
        page.family("auction_tls_handshakes_completed_total", .counter, help: "TLS handshakes that established a session.")
        for (name, tally) in counts { page.sample("auction_tls_handshakes_completed_total", [("listener", name)], tally.completed) }
        page.family("auction_tls_handshakes_failed_total", .counter,
                    help: "TLS handshakes started that ended without a session, by reason.")
        for (name, tally) in counts {
            for (reason, count) in [("error", tally.failed), ("timeout", tally.timedOut), ("plaintext", tally.plaintext),
                                    ("displaced", tally.displaced)] {
                page.sample("auction_tls_handshakes_failed_total", [("listener", name), ("reason", reason)], count)
            }
        }
        page.family("auction_tls_handshakes_refused_total", .counter,
                    help: "Connections dropped before any TLS work, by the bound they met.")
        for (name, tally) in counts {
            for (reason, count) in [("rate", tally.refusedByRate), ("address", tally.refusedForAddress), ("busy", tally.refusedAsBusy)] {
                page.sample("auction_tls_handshakes_refused_total", [("listener", name), ("reason", reason)], count)
            }
        }
        page.family("auction_tls_handshakes_in_progress", .gauge, help: "TLS handshakes started and not yet ended.")
        for (name, tally) in counts { page.sample("auction_tls_handshakes_in_progress", [("listener", name)], tally.inProgress) }
        page.family("auction_tls_handshake_duration_seconds", .histogram, help: "From accept to an established TLS session.")
        let bounds = TLSServerSettings.durationBounds.map { Int($0) }
        for (name, tally) in counts {
            page.histogram("auction_tls_handshake_duration_seconds", labels: [("listener", name)], bounds: bounds,
                           counts: tally.durations, sum: tally.durationMillisecondsSum, scale: 1e3)
        }
    }
}
