/// One line of progress on standard error while slow work runs (`sell` uploading, `show` fetching a
/// picture): rewritten in place, erased when done, and never written when the output is not a terminal.
public struct ProgressLine: Sendable {
    private let errors: any OutputSink
    private let enabled: Bool

    /// A progress line for `console`: shown only when standard output and standard error are terminals.
    public init(_ console: Console) {
        errors = console.errors
        enabled = console.outputIsTerminal && console.errorsIsTerminal
    }

    /// Shows `text` in place of the previous progress text.
    public func show(_ text: String) {
        guard enabled else { return }
        errors.write("\r" + ANSI.clearToEndOfLine + text)
    }

    /// Erases the line (the result is printed where it was).
    public func clear() {
        guard enabled else { return }
        errors.write("\r" + ANSI.clearToEndOfLine)
    }

    /// `1.2 MB of 5.0 MB` for an upload's progress.
    public static func bytes(_ sent: Int, of total: Int) -> String {
        megabytes(sent) + " of " + megabytes(total)
    }

    private static func megabytes(_ count: Int) -> String {
        let tenths = (count * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
