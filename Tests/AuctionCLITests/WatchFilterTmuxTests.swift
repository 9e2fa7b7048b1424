import AuctionCore
import AuctionData
import AuctionTestSupport
import Testing

/// `/` filtering and `s` sorting in a real terminal (tmux): the real `auction` binary against the fake
/// query server. Typing `/`, text and Enter shows only the matching lots, the status line names the
/// filter, the socket is told the query (request 13); `s` changes the sort shown.
@Suite(.serialized) struct WatchFilterTmuxTests {
    static let names = ["Brass lamp", "Oak table", "Desk lamp", "Wool rug", "Lamp shade", "Oak chair"]

    static func command(_ environment: [String: String]) -> String {
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        return "env \(exports) NO_COLOR= HOME=/nonexistent/auction-e2e-home '\(BuildProducts.executable("auction"))' watch; "
            + "echo \"exited=$?\"; sleep 60"
    }

    @Test func slashFiltersOnTheServerAndSChangesTheSort() async throws {
        let server = try QueryTestServer(names: Self.names)
        defer { server.stop() }
        let tmux = try TmuxSession(command: Self.command(server.environment), width: 110, height: 24)
        defer { tmux.close() }
        let (start, ready) = try await offPool { try tmux.waitFor(timeout: 30) { $0.contains("Wool rug") && $0.contains("connected") } }
        #expect(ready, "screen:\n\(start)")

        try await offPool { try tmux.type("/") }
        let (prompt, prompted) = try await offPool { try tmux.waitFor(timeout: 30) { $0.contains("filter: ") } }
        #expect(prompted, "screen:\n\(prompt)")
        try await offPool {
            try tmux.type("lamp")
            try tmux.sendKeys("Enter")
        }
        let (filtered, shown) = try await offPool {
            try tmux.waitFor(timeout: 30) { $0.contains("\"lamp\"") && !$0.contains("Wool rug") }
        }
        #expect(shown, "screen:\n\(filtered)")
        #expect(filtered.contains("Brass lamp") && filtered.contains("Desk lamp") && filtered.contains("Lamp shade"))
        #expect(!filtered.contains("Oak table") && !filtered.contains("Oak chair"))
        #expect(filtered.contains("sort rank"), "screen:\n\(filtered)")
        #expect(await eventually { server.queryStates.contains(.queryState(parameters: CatalogueQueryDTO.parameters(of: CatalogueQuery(search: "lamp")), pages: 1)) },
                "request 13 tells the socket the query: \(server.queryStates)")

        try await offPool { try tmux.type("s") }
        let (sorted, resorted) = try await offPool { try tmux.waitFor(timeout: 30) { $0.contains("sort ending") } }
        #expect(resorted, "screen:\n\(sorted)")
        #expect(server.targets.withLock { $0 }.contains("/products/query?search=lamp&sort=ending"))
        #expect(!sorted.contains("Wool rug"), "the filter stays while sorting")

        try await offPool { try tmux.type("q") }
        #expect(try await offPool { try tmux.waitFor(timeout: 30) { $0.contains("exited=0") } }.matched)
    }
}
