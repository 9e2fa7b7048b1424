/// A type whose stored properties declare its options and positional arguments (`@Flag`, `@Option`,
/// `@Argument`, or a nested `ParsableArguments` group): each declaration is the option's one mention,
/// from which the parser, help, completions and the man page all read.
public protocol ParsableArguments: Sendable {
    /// Creates it with each declaration reading `Invocation.beingRead` (its absent value outside a parse).
    init()
}

/// A property wrapper that declares an option or an argument: its `spec`, an `OptionSpec` or an `ArgumentSpec`.
protocol Declaring {
    /// What the wrapper declares.
    associatedtype Spec
    /// The declaration.
    var spec: Spec { get }
}

extension Invocation {
    /// The parse that declarations read while a `ParsableArguments` value is built from it (nil otherwise).
    @TaskLocal static var beingRead: Invocation?
}

extension ParsableArguments {
    /// Builds it from a parse: each declaration reads its own value from `invocation`.
    public init(reading invocation: Invocation) {
        self = Invocation.$beingRead.withValue(invocation) { Self() }
    }

    /// The options its properties declare, in declaration order (a nested group's in its place).
    public static var declaredOptions: [OptionSpec] { declaredSpecs.compactMap { $0 as? OptionSpec } }

    /// The positional arguments its properties declare, in order.
    public static var declaredArguments: [ArgumentSpec] { declaredSpecs.compactMap { $0 as? ArgumentSpec } }

    private static var declaredSpecs: [Any] { Invocation.$beingRead.withValue(nil) { specs(in: Self()) } }

    private static func specs(in value: Any) -> [Any] {
        Mirror(reflecting: value).children.flatMap { child -> [Any] in
            if let declaring = child.value as? any Declaring { return [declaring.spec] }
            if let group = child.value as? any ParsableArguments { return specs(in: group) }
            return []
        }
    }
}
