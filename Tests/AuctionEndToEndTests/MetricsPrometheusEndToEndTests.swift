import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

/// Issue 22, metrics: a real Prometheus (Debian's `prometheus` package; scripts/ensure-tools installs
/// it) scrapes a real `auction-server --metrics-port 0`, and the bids driven over the socket read back
/// through its HTTP API; `promtool check metrics` passes on the page; the public port has no /metrics.
@Suite struct MetricsPrometheusEndToEndTests {
    static let prometheus = ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: prometheus != nil && promtool != nil,
                   "needs prometheus and promtool (Debian's prometheus package; scripts/ensure-tools installs it)"))
    func prometheusReadsTheBidCountersBack() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await offPool {
            try ServerProcess(arguments: ["--db", folder.file("auction.sqlite"), "--allow-anonymous-bids", "--metrics-port", "0"])
        }
        let metricsAddress = try #require(server.listeningLine.split(separator: " ").first { $0.hasPrefix("metrics=") }?.dropFirst(8),
                                          "no metrics= in \(server.listeningLine)")
        #expect(metricsAddress.hasPrefix("127.0.0.1:"), "bound to loopback by default: \(metricsAddress)")
        let metricsPort = ListeningLine.port(of: String(metricsAddress))

        // Five accepted bids and one refused as too low, over the socket.
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false))
        client.start()
        for step in 1...5 {
            let price = Money(50_000_000 + Int64(step) * 1_000_000)
            let reply = try ServerMessage(frame: try await client.send(ClientMessage.bid(Bid(productID: 3, price: price), userID: nil).frame))
            guard case .reply(let answer) = reply else { Issue.record("not a reply: \(reply)"); return }
            #expect(answer.result && answer.price == price, "\(answer)")
        }
        let low = try ServerMessage(frame: try await client.send(ClientMessage.bid(Bid(productID: 3, price: 1), userID: nil).frame))
        client.close()
        guard case .reply(let refused) = low else { Issue.record("not a reply: \(low)"); return }
        #expect(refused.reason == .priceTooLow)

        // The public port answers 404; the metrics port serves the page, which promtool accepts.
        let publicAnswer = await offPool { LoopbackHTTP.exchange(port: server.httpPort, "GET", "/metrics") }
        #expect(publicAnswer?.status == 404, "\(publicAnswer.debugDescription)")
        let page = try #require(await offPool { LoopbackHTTP.exchange(port: metricsPort, "GET", "/metrics") })
        #expect(page.status == 200)
        #expect(page.body.contains("auction_bids_accepted_total 5"), "\(page.body)")
        let check = try await offPool { try ProcessRunner.run(Self.promtool ?? "promtool", ["check", "metrics"], stdin: page.body) }
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty,
                "promtool: \(check.status) \(check.stdout) \(check.stderr)")

        // A real Prometheus scrapes it every second; its API reads the counters back.
        let web = try #require(LoopbackPort.claim(), "no free port for prometheus")
        close(web.fd)
        try """
        global:
          scrape_interval: 1s
          evaluation_interval: 1s
        scrape_configs:
          - job_name: auction
            scrape_interval: 1s
            scrape_timeout: 1s
            static_configs:
              - targets: ['\(metricsAddress)']
        """.write(toFile: folder.file("prometheus.yml"), atomically: true, encoding: .utf8)
        let prometheus = try SpawnedProcess(Self.prometheus ?? "prometheus", [
            "--config.file=\(folder.file("prometheus.yml"))", "--storage.tsdb.path=\(folder.file("tsdb"))",
            "--web.listen-address=127.0.0.1:\(web.port)", "--log.level=warn",
        ], environment: ProcessInfo.processInfo.environment)
        defer {
            prometheus.signal(SIGTERM)
            if prometheus.waitForExit(timeout: 10) == nil { prometheus.kill() }
        }
        let accepted = await eventually(timeout: 60) {
            Self.query("auction_bids_accepted_total", port: web.port) == "5" && prometheus.isRunning
        }
        #expect(accepted, "prometheus never read auction_bids_accepted_total 5: \(prometheus.stderr)")
        #expect(Self.query("auction_bids_refused_total{reason=\"price_too_low\"}", port: web.port) == "1")
        #expect(Self.query("auction_socket_connections_accepted_total", port: web.port) == "1")
        #expect(Self.query("up{job=\"auction\"}", port: web.port) == "1")
        server.send(SIGTERM)
        #expect(await offPool { server.waitForExit() } == 0)
    }

    /// The value of the one sample `/api/v1/query` answers for `expression`, or nil (none yet, or no answer).
    static func query(_ expression: String, port: Int) -> String? {
        let encoded = expression.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? expression
        guard let answer = LoopbackHTTP.exchange(port: port, "GET", "/api/v1/query?query=\(encoded)", timeoutSeconds: 5),
              answer.status == 200,
              let json = try? JSONValue.parse(Array(answer.body.utf8)),
              case .array(let results)? = json["data"]?["result"], results.count == 1,
              case .array(let value)? = results[0]["value"], value.count == 2 else { return nil }
        return value[1].stringValue
    }
}
