import AuctionTestSupport
import Foundation

/// Runs the built `auction` binary and starts servers for the CLI end-to-end tests.
enum CLI {
    static var auction: String { BuildProducts.executable("auction") }

    /// Runs blocking work (waiting for a process) on a thread of its own (`offPool`), so the test's
    /// cooperative thread stays free: the suites run in parallel on a few such threads.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await offPool(work)
    }

    /// Runs `auction <arguments>` to completion with a private HOME (no real config or login).
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                    timeout: TimeInterval = 30) async throws -> ProcessResult {
        var env = ["HOME": "/nonexistent/auction-e2e-home", "XDG_CONFIG_HOME": "", "NO_COLOR": ""]
        env.merge(environment) { _, new in new }
        let executable = auction, environment = env
        return try await blocking { try ProcessRunner.run(executable, arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }

    /// A server in a fresh directory; anonymous bids allowed unless `arguments` say otherwise.
    static func server(_ arguments: [String] = ["--allow-anonymous-bids"]) async throws -> (AuctionServerProcess, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        do {
            let server = try await blocking { try AuctionServerProcess(directory: directory, arguments: arguments + ["--log-level", "warning"]) }
            return (server, directory)
        } catch {
            directory.remove()
            throw error
        }
    }

    /// Polls a tmux pane until `condition` holds for its screen; the last screen and whether it held.
    static func screen(_ tmux: TmuxSession, timeout: TimeInterval = 30, _ condition: (String) -> Bool) async throws -> (String, Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = try await blocking { try tmux.capture() }
            if condition(screen) { return (screen, true) }
            if Date() > deadline { return (screen, false) }
            try? await Task.sleep(for: .milliseconds(25))
        }
    }

}
