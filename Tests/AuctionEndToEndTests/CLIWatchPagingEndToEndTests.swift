import AuctionTestSupport
import Foundation
import Testing

/// Paging by screen in a real terminal (tmux) against a real server of 67 lots, at 120×35, 80×24, 40×10
/// and 20×5: the table fills the height, no price is ever cut, the title says `lots 31–60 of 67` (the
/// server's count), n/p/g/G move by screen, a resize reflows the rows; `list` ends with the same position
/// line on a terminal and not when piped, and `list --json` has `bid_count`.
@Suite(.serialized) struct CLIWatchPagingEndToEndTests {
    static let lots = 67

    /// The product rows shown, top to bottom, as (id, line).
    static func rows(_ screen: String) -> [(id: Int, line: String)] {
        CLIWatchEndToEndTests.productLines(screen).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A price cell that is a whole grouped number (`1,206,500`), never `1,2…`.
    static func isWholePrice(_ text: Substring) -> Bool {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.allSatisfy(\.isNumber) else { return false }
        return groups.dropFirst().allSatisfy { $0.count == 3 && $0.allSatisfy(\.isNumber) }
    }

    /// Every product row of `screen` with its price column (when the header has one) a whole number; without
    /// one, nothing but the id and the name (the one cell that may be shortened).
    static func pricesAreWhole(_ screen: String) -> Bool {
        let header = screen.split(separator: "\n").first { $0.contains("ID  NAME") } ?? ""
        let priced = header.contains("PRICE")
        return rows(screen).allSatisfy { _, line in
            // id, name, price, …: the cells are two or more spaces apart.
            let cells = line.drop { $0 == " " || $0 == "›" }.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard priced else { return cells.count <= 2 }
            return cells.count >= 3 && isWholePrice(Substring(cells[2]))
        }
    }

    /// The position the title states for rows `first…last` (1-based).
    static func position(_ first: Int, _ last: Int) -> String {
        first == last ? "lot \(first) of \(lots)" : "lots \(first)–\(last) of \(lots)"
    }

    @Test(arguments: [(120, 35), (80, 24), (40, 10), (20, 5)])
    func theTableFillsTheHeightAndPagesByScreen(width: Int, height: Int) async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let command = CLIWatchEndToEndTests.watchCommand("watch", environment: server.clientEnvironment.merging(["NO_COLOR": ""]) { $1 })
        let tmux = try TmuxSession(command: command, width: width, height: height)
        defer { tmux.close() }
        let capacity = height - 4  // title, header, the selected lot's line and the status line
        let (first, filled) = try await CLI.screen(tmux) { $0.contains("connected") && Self.rows($0).count == capacity }
        #expect(filled, "\(width)×\(height): \(capacity) rows fill the height:\n\(first)")
        #expect(first.hasPrefix(Self.position(1, capacity)) || first.contains("· " + Self.position(1, capacity)), "\(first)")
        #expect(Self.pricesAreWhole(first), "\(width)×\(height):\n\(first)")

        try tmux.sendKeys("n")
        let (next, moved) = try await CLI.screen(tmux) { $0.contains(Self.position(capacity + 1, 2 * capacity)) }
        #expect(moved, "n shows the next screenful:\n\(next)")
        #expect(Self.rows(next).first?.id == capacity + 1 && Self.rows(next).count == capacity)
        #expect(Self.pricesAreWhole(next), "\(next)")
        try tmux.sendKeys("G")
        let (last, atEnd) = try await CLI.screen(tmux) { $0.contains(Self.position(Self.lots - capacity + 1, Self.lots)) }
        #expect(atEnd, "G shows the last screen, full:\n\(last)")
        #expect(Self.rows(last).last?.id == Self.lots)
        try tmux.sendKeys("p")
        let previous = Self.position(max(1, Self.lots - 2 * capacity + 1), max(capacity, Self.lots - capacity))
        #expect(try await CLI.screen(tmux) { $0.contains(previous) }.1, "p goes back a screenful")
        try tmux.sendKeys("g")
        let (top, atTop) = try await CLI.screen(tmux) { $0.contains(Self.position(1, capacity)) }
        #expect(atTop && Self.rows(top).first?.id == 1, "g: the first screen\n\(top)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aResizeReflowsTheRowsAndTheHelpFitsFortyByTen() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let command = CLIWatchEndToEndTests.watchCommand("watch", environment: server.clientEnvironment.merging(["NO_COLOR": ""]) { $1 })
        let tmux = try TmuxSession(command: command, width: 120, height: 35)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected") && Self.rows($0).count == 31 }.1)
        try tmux.resize(width: 40, height: 10)
        let (small, reflowed) = try await CLI.screen(tmux) { $0.contains(Self.position(1, 6)) && Self.rows($0).count == 6 }
        #expect(reflowed, "\(small)")
        #expect(Self.pricesAreWhole(small), "\(small)")
        try tmux.sendKeys("?")
        let (help, shown) = try await CLI.screen(tmux) { $0.contains("keys (any key closes") }
        #expect(shown && help.contains("help 1–8 of"), "the help tells where it is:\n\(help)")
        for _ in 0..<40 { try tmux.sendKeys("j") }
        let (end, scrolled) = try await CLI.screen(tmux) { $0.contains("you are outbid") }
        #expect(scrolled, "the help scrolls to its last line:\n\(end)")
        #expect(end.split(separator: "\n").allSatisfy { !$0.hasSuffix("…") || $0.hasPrefix("help") }, "wrapped, not cut:\n\(end)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { !$0.contains("keys (any key closes") }.1)
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func listEndsWithItsPositionOnATerminalOnlyAndItsJSONHasBidCount() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        _ = try await CLI.run(["bid", "17", "9,000,000", "--yes"], environment: server.clientEnvironment)
        let exports = server.clientEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let tmux = try TmuxSession(command: "env \(exports) NO_COLOR= HOME=/nonexistent/auction-e2e-home '\(CLI.auction)' list --page 2; sleep 60",
                                   width: 120, height: 35)
        defer { tmux.close() }
        let (screen, ended) = try await CLI.screen(tmux) { $0.contains("lots 16–30 of 67") }
        #expect(ended, "\(screen)")
        #expect(screen.contains("BIDS"), "\(screen)")
        let piped = try await CLI.run(["list", "--page", "2"], environment: server.clientEnvironment)
        #expect(!piped.stdout.contains("lots 16–30"), "not when piped: \(piped.stdout)")
        let json = try await CLI.run(["list", "--page", "2", "--json"], environment: server.clientEnvironment)
        #expect(json.stdout.contains("\"id\":17,") && json.stdout.contains("\"bid_count\":1,"), "\(json.stdout)")
    }
}
