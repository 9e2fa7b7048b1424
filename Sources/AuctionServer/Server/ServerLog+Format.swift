import AuctionCore
import AuctionInfrastructure

/// How `ServerLog` writes a line: `text` for people, `json` (one object a line) for journald and log shippers.
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// `2026-11-22T00:35:12.345Z info server: stopped`.
    case text
    /// `{"time":"2026-11-22T00:35:12.345Z","level":"info","component":"server","message":"stopped","fields":{}}`.
    case json

    /// Parses `text` or `json` (any case); nil otherwise.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// Turns one log event (time, level, message) into one line of a `LogFormat`.
///
/// The JSON line has `time`, `level`, `component` (the word before the message's first `": "`, e.g.
/// `socket`, or `server` when there is none), `message` (the rest) and `fields`: `{}`, or for a
/// repeat-suppression summary `{"repeated":N,"window_seconds":W}` with the component and message of
/// the last line held back. Every message text gives valid JSON: quotes, backslashes and control
/// characters are escaped, and a Swift `String` is always valid UTF-8.
public enum LogLineFormatter {
    /// The component of a message that does not start with one.
    public static let defaultComponent = "server"
    /// The longest word taken as a component.
    static let maximumComponentBytes = 32

    /// The line for `message` at `level` and `time` in `format` (without its newline).
    public static func line(_ format: LogFormat, time: Timestamp, level: LogLevel, message: String) -> String {
        switch format {
        case .text: return "\(time.description) \(level) \(message)"
        case .json: return String(decoding: json(time: time, level: level, message: message), as: UTF8.self)
        }
    }

    /// The JSON object for one event, as compact UTF-8 bytes (`/` left as is: the log is never a frame).
    public static func json(time: Timestamp, level: LogLevel, message: String) -> [UInt8] {
        let summary = RepeatSummary(message)
        let (component, rest) = split(summary?.last ?? message)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96 + message.utf8.count)
        JSONWriter.appendLiteral("{\"time\":", to: &bytes)
        JSONWriter.appendString(time.description, escapingSlash: false, to: &bytes)
        JSONWriter.appendLiteral(",\"level\":", to: &bytes)
        JSONWriter.appendString(level.description, escapingSlash: false, to: &bytes)
        JSONWriter.appendLiteral(",\"component\":", to: &bytes)
        JSONWriter.appendString(component, escapingSlash: false, to: &bytes)
        JSONWriter.appendLiteral(",\"message\":", to: &bytes)
        JSONWriter.appendString(rest, escapingSlash: false, to: &bytes)
        JSONWriter.appendLiteral(",\"fields\":{", to: &bytes)
        if let summary {
            JSONWriter.appendLiteral("\"repeated\":", to: &bytes)
            JSONWriter.appendInteger(summary.repeated, to: &bytes)
            JSONWriter.appendLiteral(",\"window_seconds\":", to: &bytes)
            JSONWriter.appendInteger(summary.windowSeconds, to: &bytes)
        }
        JSONWriter.appendLiteral("}}", to: &bytes)
        return bytes
    }

    /// The component and the rest of `message`: the text before the first `": "` when it is a word
    /// of lowercase ASCII letters, digits and `-` starting with a letter (at most 32 bytes); else
    /// `server` and the whole message.
    public static func split(_ message: String) -> (component: String, message: String) {
        let utf8 = message.utf8
        var index = utf8.startIndex
        var length = 0
        while index != utf8.endIndex, length <= maximumComponentBytes {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") {
                let after = utf8.index(after: index)
                guard length > 0, after != utf8.endIndex, utf8[after] == UInt8(ascii: " ") else { break }
                let component = String(message[message.startIndex..<index])
                return (component, String(message[utf8.index(after: after)...]))
            }
            let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isDigitOrDash = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            guard isLetter || (length > 0 && isDigitOrDash) else { break }
            length += 1
            index = utf8.index(after: index)
        }
        return (defaultComponent, message)
    }
}

/// A `LogRepeatFilter` summary read back from its text:
/// `log: repeated N more times in W s (lines differing only in numbers), the last: LINE`.
struct RepeatSummary: Equatable {
    /// Lines held back.
    let repeated: Int64
    /// The window's length in seconds.
    let windowSeconds: Int64
    /// The last line held back.
    let last: String

    private static let head = "log: repeated "
    private static let middle = " more times in "
    private static let tail = " s (lines differing only in numbers), the last: "

    /// The summary `text` is, or nil when it is any other line.
    init?(_ text: String) {
        guard text.hasPrefix(Self.head) else { return nil }
        var rest = Substring(text).dropFirst(Self.head.count)
        guard let repeated = Self.number(&rest), rest.hasPrefix(Self.middle) else { return nil }
        rest = rest.dropFirst(Self.middle.count)
        guard let windowSeconds = Self.number(&rest), rest.hasPrefix(Self.tail) else { return nil }
        self.repeated = repeated
        self.windowSeconds = windowSeconds
        self.last = String(rest.dropFirst(Self.tail.count))
    }

    /// The decimal number at the start of `text` (consumed), or nil when there is none or it overflows.
    private static func number(_ text: inout Substring) -> Int64? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int64(digits) else { return nil }
        text = text.dropFirst(digits.count)
        return value
    }
}
