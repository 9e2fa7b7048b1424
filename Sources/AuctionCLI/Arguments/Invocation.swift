/// A command line that parsed (only the parser makes one): the command to run with its options and
/// arguments as given, each already checked against its declaration, which reads its typed value from here.
public struct Invocation: Hashable, Sendable {
    /// The command's name (`list`, `watch`, …).
    public var command: String
    /// The global options.
    public var global = GlobalOptions()
    /// The command's own options by long name: each value given, in order (a flag's is empty text).
    public var options: [String: [String]] = [:]
    /// The positional arguments, by their spec name (`id`, `price`).
    public var arguments: [String: String] = [:]
}
