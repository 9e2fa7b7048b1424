import AuctionInfrastructure
import Glibc

/// Asks a yes/no question on the terminal: the question on standard error, one line of standard
/// input (the terminal's own line editing and echo). Only `y` or `yes` (any case) confirms; an empty
/// line, anything else or the end of input declines.
public enum ConfirmationPrompt {
    /// The longest answer line read, in bytes; the rest of a longer line declines.
    public static let maximumBytes = 64

    /// Asks `question` on standard error and reads the answer from standard input.
    public static func ask(_ question: String) -> Bool {
        ask(question, input: STDIN_FILENO, output: STDERR_FILENO)
    }

    /// Writes `question` to `output` and reads one line from `input`.
    public static func ask(_ question: String, input: CInt, output: CInt) -> Bool {
        try? FileDescriptor(rawValue: output).writeAll(question)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(input, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == 0x0A { break }
            if line.count <= maximumBytes { line.append(byte) }
        }
        return isYes(line)
    }

    /// Whether an answer line says yes: `y` or `yes` in any case, surrounding blanks and a CR ignored.
    public static func isYes(_ line: [UInt8]) -> Bool {
        let word = String(decoding: line, as: UTF8.self).trimmingBlanks().lowercased()
        return word == "y" || word == "yes"
    }
}
