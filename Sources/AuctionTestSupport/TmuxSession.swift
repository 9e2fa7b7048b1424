import Foundation

/// A real terminal for end-to-end tests: a private tmux server running one command in one pane.
public final class TmuxSession: Sendable {
    /// The private tmux server socket name (`tmux -L`), unique per session.
    public let socketName: String
    private let target = "test"

    /// Starts `command` (run by `sh -c`) in a detached pane of the given size.
    public init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socketName = "auction-\(UUID().uuidString.prefix(8))"
        var exports = ["TERM=xterm-256color", "LANG=C.UTF-8"]
        exports += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.shellQuote($0.value))" }
        let line = "env " + exports.joined(separator: " ") + " " + command
        let result = try tmux(["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", line])
        guard result.status == 0 else { throw TmuxError.failed("new-session: \(result.stderr)") }
        // Keep the pane (and its last screen) when the command exits, so tests can read it.
        _ = try? tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Sends tmux key names (e.g. `"q"`, `"Enter"`, `"C-c"`).
    public func sendKeys(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types text literally, without key-name interpretation.
    public func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// The visible screen as text, one line per row.
    public func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target]).stdout
    }

    /// The visible screen with its colours and attributes as escape sequences (`capture-pane -e`).
    public func captureWithEscapes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target]).stdout
    }

    /// Copies every byte the pane's program writes from now on to `path` (`pipe-pane`): what was on the
    /// terminal for a moment (a progress line rewritten in place, then erased) is kept there.
    public func pipeOutput(to path: String) throws {
        let result = try tmux(["pipe-pane", "-o", "-t", target, "cat >> " + TmuxSession.shellQuote(path)])
        guard result.status == 0 else { throw TmuxError.failed("pipe-pane: \(result.stderr)") }
    }

    /// Resizes the window (the program in it gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        _ = try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds or `timeout` seconds pass; returns the last screen and whether it held.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 10, _ condition: (String) -> Bool) throws -> (screen: String, matched: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while !condition(screen) {
            if Date() > deadline { return (screen, false) }
            usleep(50_000)
            screen = try capture()
        }
        return (screen, true)
    }

    /// Whether the pane's command has exited.
    public func commandExited() throws -> Bool {
        try tmux(["display-message", "-p", "-t", target, "#{pane_dead}"]).stdout.hasPrefix("1")
    }

    /// Stops the private tmux server and whatever it runs.
    public func close() {
        _ = try? tmux(["kill-server"])
    }

    deinit { close() }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run("/usr/bin/env", ["tmux", "-L", socketName] + arguments, timeout: 10)
    }

    static func shellQuote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Why a tmux-driven test could not proceed.
public enum TmuxError: Error, Equatable {
    /// tmux reported a failure.
    case failed(String)
}
