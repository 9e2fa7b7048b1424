import AuctionInfrastructure
import Glibc

/// Reads a password: from the terminal without echo (termios: echo, line mode and signals off,
/// the line edited by hand, the terminal restored before returning), or as one line of standard
/// input for `--password-stdin`. The password is never printed.
public enum PasswordPrompt {
    /// Longest password line read, in bytes (the server accepts at most 1,024).
    public static let maximumBytes = 4096

    /// The fewest characters a new password may have (the server's rule, told before asking twice).
    public static let minimumCharacters = 8

    /// What a key does to the line being typed.
    public enum Edit: Equatable, Sendable {
        /// Keep reading.
        case more
        /// The line is complete.
        case done
        /// The user gave up (Ctrl-C, or Ctrl-D on an empty line).
        case cancelled
    }

    /// Applies one byte typed at a no-echo prompt to `line`: Enter ends, Backspace/Delete removes the
    /// last character, Ctrl-U clears, Ctrl-C (or Ctrl-D on an empty line) cancels, other control bytes are ignored.
    public static func edit(_ byte: UInt8, _ line: inout [UInt8]) -> Edit {
        switch byte {
        case 0x0A, 0x0D: return .done
        case 0x03: return .cancelled
        case 0x04: return line.isEmpty ? .cancelled : .done
        case 0x7F, 0x08:
            // Drop one whole UTF-8 character: continuation bytes, then its lead byte.
            while let last = line.last, last & 0xC0 == 0x80 { line.removeLast() }
            if !line.isEmpty { line.removeLast() }
            return .more
        case 0x15:
            line.removeAll()
            return .more
        case 0x00..<0x20: return .more
        default:
            if line.count < maximumBytes { line.append(byte) }
            return .more
        }
    }

    /// The password for `register` (`confirm`: asked twice) or `login`: one line of standard input
    /// with `--password-stdin`, else asked on the terminal without echo.
    public static func read(fromStandardInput: Bool, confirm: Bool) throws(AccountCommandError) -> String {
        fromStandardInput ? try readLine() : try ask("Password: ", confirm: confirm)
    }

    /// Reads one line from `fd` (standard input by default), without its line ending; `password` error at
    /// end of input with nothing read.
    public static func readLine(from fd: CInt = STDIN_FILENO) throws(AccountCommandError) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw AccountCommandError.password("cannot read the password from stdin: \(String(cString: strerror(errno)))") }
            if count == 0 {
                if line.isEmpty { throw AccountCommandError.password("no password on stdin (--password-stdin reads one line)") }
                break
            }
            if byte == 0x0A { break }
            guard line.count < maximumBytes else { throw AccountCommandError.password("the password line is too long") }
            line.append(byte)
        }
        if line.last == 0x0D { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// Asks on the controlling terminal (`/dev/tty`) with echo off; asks twice and compares when `confirm`.
    public static func ask(_ prompt: String, confirm: Bool = false) throws(AccountCommandError) -> String {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw AccountCommandError.password("no terminal to ask for the password on; use --password-stdin")
        }
        defer { close(fd) }
        let first = try ask(prompt, on: fd)
        guard confirm else { return first }
        // The rule is told before the password is typed again, not after the server refused both.
        guard first.count >= minimumCharacters else {
            throw AccountCommandError.password("a password needs at least \(minimumCharacters) characters "
                + "(that one has \(first.count)); nothing was sent")
        }
        let second = try ask("Repeat the password: ", on: fd)
        guard first == second else { throw AccountCommandError.password("the passwords do not match") }
        return first
    }

    /// Asks on an open terminal descriptor with echo off.
    public static func ask(_ prompt: String, on fd: CInt) throws(AccountCommandError) -> String {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else {
            throw AccountCommandError.password("cannot switch off echo: \(String(cString: strerror(errno)))")
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        write(fd, prompt)
        guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else {
            throw AccountCommandError.password("cannot switch off echo: \(String(cString: strerror(errno)))")
        }
        defer {
            _ = tcsetattr(fd, TCSAFLUSH, &saved)
            write(fd, "\n")
        }
        var line: [UInt8] = []
        defer { for index in line.indices { line[index] = 0 } }
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { throw AccountCommandError.password("the terminal closed before a password was typed") }
            switch edit(byte, &line) {
            case .more: continue
            case .done: return String(decoding: line, as: UTF8.self)
            case .cancelled: throw AccountCommandError.password("cancelled")
            }
        }
    }

    private static func write(_ fd: CInt, _ text: String) {
        try? FileDescriptor(rawValue: fd).writeAll(text)
    }
}
