/// A type whose stored properties declare its options and positional arguments (`@Flag`, `@Option`,
/// `@Argument`, or a nested `ParsableArguments` group): each declaration is the option's one mention,
/// from which the parser, help, completions and the man page all read.
public protocol ParsableArguments: Sendable {
    /// Creates it with each declaration reading `Declarations.current` (its absent value outside a parse).
    init()
}

/// What declarations see while a `ParsableArguments` value is built: the parse they read their values
/// from (none when only listing them), and the list they add themselves to, in declaration order.
/// `@unchecked Sendable`: only the task building the value touches it, synchronously, inside `withValue`.
final class Declarations: @unchecked Sendable {
    /// The declarations being built now (nil outside `ParsableArguments.init(reading:)` and the spec listings).
    @TaskLocal static var current: Declarations?
    private let invocation: Invocation?
    private(set) var options: [OptionSpec] = [], arguments: [ArgumentSpec] = []

    private init(_ invocation: Invocation?) { self.invocation = invocation }

    /// Builds `T` inside fresh declarations reading `invocation`.
    static func build<T: ParsableArguments>(_: T.Type, reading invocation: Invocation?) -> (T, Declarations) {
        let declarations = Declarations(invocation)
        return ($current.withValue(declarations) { T() }, declarations)
    }

    /// Adds `option` and returns its typed value if it was given (`true` for a flag, every value of a repeated one).
    static func declare(_ option: OptionSpec) -> Any? {
        current?.options.append(option)
        guard let given = current?.invocation?.options[option.name] else { return nil }
        return option.kind == .repeatedText ? given : given.last.flatMap { try? option.read($0) }
    }

    /// Adds `argument` and returns its typed value if it was given.
    static func declare(_ argument: ArgumentSpec) -> Any? {
        current?.arguments.append(argument)
        return current?.invocation?.arguments[argument.name].flatMap { try? argument.read($0) }
    }
}

extension ParsableArguments {
    /// Builds it from a parse: each declaration reads its own value from `invocation`.
    public init(reading invocation: Invocation) { self = Declarations.build(Self.self, reading: invocation).0 }

    /// The options its properties declare, in declaration order (a nested group's in its place).
    public static var declaredOptions: [OptionSpec] { Declarations.build(Self.self, reading: nil).1.options }

    /// The positional arguments its properties declare, in order.
    public static var declaredArguments: [ArgumentSpec] { Declarations.build(Self.self, reading: nil).1.arguments }
}
