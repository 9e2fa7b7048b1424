import Glibc

/// Where a command's output goes and what kind of terminal it is: standard output and error, and
/// whether they are terminals, the size, and whether colour is allowed.
public struct Console: Sendable {
    /// Standard output: results.
    public var output: any OutputSink
    /// Standard error: errors, warnings and progress.
    public var errors: any OutputSink
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Whether standard input is a terminal (keys can be read from it).
    public var inputIsTerminal: Bool
    /// The terminal's size, when standard output is one.
    public var size: TerminalSize?
    /// Whether to colour output (a terminal, no `NO_COLOR`, no `--no-color`).
    public var color: Bool
    /// How many colours the terminal shows (`COLORTERM`, `TERM`), when `color` is on.
    public var colorDepth: ColorDepth
    /// Whether standard error is a terminal (progress lines are written only then).
    public var errorsIsTerminal = false
    /// What a page longer than the terminal is shown through (nil: printed as is; never in tests' consoles).
    public var pager: Pager?

    /// Creates a console from its parts.
    public init(output: any OutputSink, errors: any OutputSink, outputIsTerminal: Bool = false, inputIsTerminal: Bool = false,
                size: TerminalSize? = nil, color: Bool = false, colorDepth: ColorDepth = .trueColor) {
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.size = size
        self.color = color
        self.colorDepth = colorDepth
    }

    /// The process's standard descriptors; colour per `ColorPolicy`.
    public static func process(environment: [String: String], noColorFlag: Bool) -> Console {
        let isTerminal = TerminalSize.isTerminal(STDOUT_FILENO)
        var console = Console(
            output: FileDescriptorSink(STDOUT_FILENO), errors: FileDescriptorSink(STDERR_FILENO),
            outputIsTerminal: isTerminal, inputIsTerminal: TerminalSize.isTerminal(STDIN_FILENO),
            size: isTerminal ? TerminalSize.current(fileDescriptor: STDOUT_FILENO) : nil,
            color: ColorPolicy.useColor(isTerminal: isTerminal, environment: environment, noColorFlag: noColorFlag),
            colorDepth: ColorDepth(environment: environment))
        console.errorsIsTerminal = TerminalSize.isTerminal(STDERR_FILENO)
        console.pager = isTerminal ? Pager(environment: environment) : nil
        return console
    }

    /// Writes a line to standard output.
    public func print(_ line: String) { output.write(line + "\n") }

    /// Writes lines to standard output in one write.
    public func print(lines: [String]) {
        guard !lines.isEmpty else { return }
        output.write(lines.joined(separator: "\n") + "\n")
    }

    /// Writes lines as `print(lines:)` does, through the pager when they overflow the terminal.
    public func page(lines: [String]) {
        if let pager, let size, Pager.overflows(lines.count, rows: size.rows),
           pager.show(lines.joined(separator: "\n") + "\n") {
            return
        }
        print(lines: lines)
    }

    /// Writes `auction: <message>` to standard error.
    public func error(_ message: String) { errors.write("auction: " + message + "\n") }
}
