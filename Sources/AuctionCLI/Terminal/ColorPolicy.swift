/// Decides whether output is coloured: only on a terminal, never with `NO_COLOR`, `TERM=dumb` or `--no-color`.
public enum ColorPolicy {
    /// Whether to colour output.
    /// - Parameters:
    ///   - isTerminal: whether the output descriptor is a TTY (`isatty`).
    ///   - environment: the process environment (`NO_COLOR`, `TERM`).
    ///   - noColorFlag: whether `--no-color` was given.
    public static func useColor(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> Bool {
        guard isTerminal, !noColorFlag else { return false }
        // https://no-color.org: any non-empty value disables colour.
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let term = environment["TERM"], term == "dumb" || term.isEmpty { return false }
        return environment["TERM"] != nil
    }
}
