/// Declares `--name` on the property it wraps, which reads whether it was given:
/// `@Flag("json", help: "print JSON") var json: Bool`.
@propertyWrapper
public struct Flag: Hashable, Sendable {
    /// The option declared.
    public let spec: OptionSpec
    /// Whether the flag was given (or what it was set to since).
    public var wrappedValue: Bool

    /// Declares the flag `--name`.
    public init(_ name: String, help: String) {
        spec = OptionSpec(name, kind: .flag, help: help)
        wrappedValue = Declarations.declare(spec) != nil
    }
}
