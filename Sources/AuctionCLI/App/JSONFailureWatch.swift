import AuctionInfrastructure

/// With `--json`, watches a command's standard output and error so that a failure which printed no
/// JSON of its own (a question declined, a refusal said on stderr) still ends with one error object.
final class JSONFailureWatch: Sendable {
    private struct State {
        var wroteOutput = false
        var lastError: String?
    }

    private let state = Mutex(State())

    /// Whether anything was written to standard output.
    var wroteOutput: Bool { state.withLock { $0.wroteOutput } }
    /// The last `auction: …` sentence written to standard error, without the prefix.
    var lastError: String? { state.withLock { $0.lastError } }

    /// `console` with its output and error sinks watched.
    func watching(_ console: Console) -> Console {
        var watched = console
        watched.output = Sink(inner: console.output) { _ in self.state.withLock { $0.wroteOutput = true } }
        watched.errors = Sink(inner: console.errors) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.hasPrefix("auction: ") else { return }
            let sentence = text.dropFirst("auction: ".count).split(separator: "\n", maxSplits: 1).first.map(String.init)
            self.state.withLock { $0.lastError = sentence }
        }
        return watched
    }

    /// Passes bytes on, telling the watch first.
    private struct Sink: OutputSink {
        let inner: any OutputSink
        let saw: @Sendable ([UInt8]) -> Void

        func write(_ bytes: [UInt8]) {
            saw(bytes)
            inner.write(bytes)
        }
    }
}
