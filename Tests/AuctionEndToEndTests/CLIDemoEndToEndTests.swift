import AuctionTestSupport
import Foundation
import Testing

/// `auction demo` in a real terminal: an embedded server with simulated bidders, gone after `q`.
@Suite struct CLIDemoEndToEndTests {
    /// The ports in the demo's title, `--http http://127.0.0.1:P --socket 127.0.0.1:Q`.
    static func ports(_ screen: String) -> [Int] {
        guard let title = screen.split(separator: "\n").first(where: { $0.hasPrefix("auction demo") }) else { return [] }
        return title.split(separator: " ").compactMap { word in
            word.contains("127.0.0.1:") ? word.split(separator: ":").last.flatMap { Int($0) } : nil
        }
    }

    /// The number in the status line's `N updates`.
    static func updates(_ screen: String) -> Int {
        guard let status = screen.split(separator: "\n").first(where: { $0.contains(" update") }) else { return 0 }
        let words = status.split(separator: " ")
        guard let index = words.firstIndex(where: { $0.hasPrefix("update") }), index > 0 else { return 0 }
        return Int(words[index - 1]) ?? 0
    }

    @Test func demoShowsChangingPricesAndQuitsCleanly() async throws {
        let temporary = try TemporaryDirectory(prefix: "auction-demo-e2e")
        defer { temporary.remove() }
        let command = "HOME=/nonexistent/auction-e2e-home TMPDIR='\(temporary.path)' '\(CLI.auction)' demo; echo \"exited=$?\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 120, height: 24)
        defer { tmux.close() }
        let (first, started) = try await CLI.screen(tmux) { Self.ports($0).count == 2 && $0.contains("connected ·") }
        #expect(started, "screen:\n\(first)")
        let ports = Self.ports(first)
        let (moving, changed) = try await CLI.screen(tmux) { Self.updates($0) >= 2 }
        #expect(changed, "prices change within seconds; screen:\n\(moving)")
        #expect(ports.allSatisfy { LoopbackPort.isListening($0) })

        try tmux.sendKeys("q")
        let (after, exited) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(exited, "screen:\n\(after)")
        for port in ports { #expect(!LoopbackPort.isListening(port), "port \(port) still listening") }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "the demo database is removed: \(left)")
    }

    /// Piped `auction demo` stopped by SIGTERM or SIGHUP at different moments (as soon as its
    /// directory exists, once its server is up, once prices flow): it always removes the directory
    /// and exits 0. Repeated, because the early moment is a race.
    @Test func pipedDemoStoppedBySignalAlwaysCleansUpAndExitsZero() async throws {
        let temporary = try TemporaryDirectory(prefix: "auction-demo-signal")
        defer { temporary.remove() }
        let environment = ["HOME": "/nonexistent/auction-e2e-home", "TMPDIR": temporary.path]
        var outcomes: [String] = []
        for round in 0..<12 {
            let signal = round % 2 == 0 ? SIGTERM : SIGHUP
            let demo = try ChildProcess(CLI.auction, ["demo"], environment: environment)
            defer { demo.kill() }
            let ready: Bool
            switch round % 3 {
            case 0: ready = try await CLI.blocking {
                demo.waitFor(timeout: 30) { _, _ in
                    !((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).isEmpty
                }
            }
            case 1: ready = try await CLI.blocking { demo.waitFor(timeout: 30) { _, stderr in stderr.contains("demo server") } }
            default: ready = try await CLI.blocking { demo.waitFor(timeout: 30) { stdout, _ in stdout.contains("\n") } }
            }
            demo.signal(signal)
            let status = try await CLI.blocking { demo.waitForExit(timeout: 30) }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            if !ready || status != 0 || !left.isEmpty {
                outcomes.append("round \(round) (signal \(signal), ready \(ready)): exit \(status.map(String.init) ?? "none"), left \(left)")
            }
            for name in left { try? FileManager.default.removeItem(atPath: temporary.path + "/" + name) }
        }
        #expect(outcomes.isEmpty, "\(outcomes.joined(separator: "\n"))")
    }
}
