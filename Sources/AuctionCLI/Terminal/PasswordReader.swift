import Glibc

/// Reads a password: from a terminal with echo turned off, or as one line of a pipe (`--password-stdin`).
public enum PasswordReader {
    /// Why no password was read.
    public enum Failure: Error, Hashable, Sendable {
        /// Input ended before a line was read.
        case endOfInput
        /// The input is not a terminal (use `--password-stdin`).
        case notATerminal
        /// A system call failed with this errno.
        case systemCall(Int32)
    }

    /// Prompts on `output` and reads a line from the terminal `input` without echoing it; the terminal's
    /// settings are restored afterwards even when reading fails.
    public static func readHidden(prompt: String, input: Int32 = STDIN_FILENO, output: Int32 = STDERR_FILENO) throws(Failure) -> String {
        guard isatty(input) == 1 else { throw .notATerminal }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw .systemCall(errno) }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL) // still move to the next line on Enter
        // Echo goes off before the prompt appears, so nothing typed after the prompt is ever shown.
        guard tcsetattr(input, TCSAFLUSH, &quiet) == 0 else { throw .systemCall(errno) }
        defer { _ = tcsetattr(input, TCSAFLUSH, &original) }
        TerminalOutput.write(prompt, to: output)
        return try readLine(from: input)
    }

    /// Reads one line (without its `\n` or `\r\n`) byte by byte, so nothing after it is consumed.
    public static func readLine(from input: Int32 = STDIN_FILENO, maximumBytes: Int = 4096) throws(Failure) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < maximumBytes {
            let count = read(input, &byte, 1)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .systemCall(errno)
            }
            if byte == UInt8(ascii: "\n") {
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(byte)
        }
        guard !bytes.isEmpty else { throw .endOfInput }
        return String(decoding: bytes, as: UTF8.self)
    }
}
