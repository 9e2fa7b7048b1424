/// Why the command line, environment or config file cannot be used; the message says what to fix.
public enum ServerOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flag this program does not know.
    case unknownFlag(String)
    /// A flag that needs a value was given none.
    case missingValue(String)
    /// An argument that is not a flag.
    case unexpectedArgument(String)
    /// A value that does not fit its setting; `source` names the flag, variable or file line.
    case invalidValue(source: String, value: String, expected: String)
    /// The config file could not be read.
    case unreadableConfigFile(path: String, reason: String)
    /// A config file line is not `key = value`.
    case malformedConfigLine(path: String, line: Int, text: String)
    /// A config file key this program does not know.
    case unknownConfigKey(path: String, line: Int, key: String)

    /// A sentence naming the problem and the fix.
    public var description: String {
        switch self {
        case .unknownFlag(let flag): "unknown option \(flag) (see --help)"
        case .missingValue(let flag): "option \(flag) needs a value"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)' (options start with --; see --help)"
        case .invalidValue(let source, let value, let expected): "\(source): '\(value)' is not valid; expected \(expected)"
        case .unreadableConfigFile(let path, let reason): "cannot read config file \(path): \(reason)"
        case .malformedConfigLine(let path, let line, let text): "\(path):\(line): expected 'key = value', got '\(text)'"
        case .unknownConfigKey(let path, let line, let key): "\(path):\(line): unknown setting '\(key)' (see --help)"
        }
    }
}
