/// A typed key for a command's `--flag`: declares its `OptionSpec` and reads whether it was given.
public struct Flag: Hashable, Sendable {
    /// The option this flag declares.
    public let spec: OptionSpec

    /// Declares the flag `--name`.
    public init(_ name: String, help: String) {
        spec = OptionSpec(name, kind: .flag, help: help)
    }
}
