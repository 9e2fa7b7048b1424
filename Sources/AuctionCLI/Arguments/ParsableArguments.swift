/// A type whose stored properties declare its options and positional arguments (`@Flag`, `@Option`,
/// `@Argument`, or a nested `ParsableArguments` group): each declaration is the option's one mention,
/// from which the parser, help, completions and the man page all read.
public protocol ParsableArguments: Sendable {
    /// Creates it with each declaration reading `Invocation.beingRead` (its absent value outside a parse).
    init()
}

/// What a property wrapper declares: an option or a positional argument.
enum Declaration {
    /// `--name`.
    case option(OptionSpec)
    /// `<name>`.
    case argument(ArgumentSpec)
}

/// A property wrapper that declares an option or an argument.
protocol Declaring {
    /// What it declares.
    var declaration: Declaration { get }
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
    public static var declaredOptions: [OptionSpec] {
        declarations.compactMap { if case .option(let spec) = $0 { spec } else { nil } }
    }

    /// The positional arguments its properties declare, in order.
    public static var declaredArguments: [ArgumentSpec] {
        declarations.compactMap { if case .argument(let spec) = $0 { spec } else { nil } }
    }

    private static var declarations: [Declaration] {
        Invocation.$beingRead.withValue(nil) { Self.declarations(of: Self()) }
    }

    private static func declarations(of value: Any) -> [Declaration] {
        Mirror(reflecting: value).children.flatMap { child -> [Declaration] in
            if let declaring = child.value as? any Declaring { return [declaring.declaration] }
            if let group = child.value as? any ParsableArguments { return declarations(of: group) }
            return []
        }
    }
}

/// A command whose options and arguments are its own declared properties: its `spec` and its
/// `init(_:)` come from them, so each option is named once, where the command reads it.
public protocol ParsableCommand: Command, ParsableArguments {
    /// One line saying what it does.
    static var summary: String { get }
    /// Extra paragraphs for its help page ("" for none).
    static var discussion: String { get }
    /// Checks the parsed values together and derives what `run` reads; a usage error when they do not fit.
    mutating func validate() throws(CommandError)
}

extension ParsableCommand {
    /// No extra paragraphs.
    public static var discussion: String { "" }

    /// Nothing to check.
    public mutating func validate() throws(CommandError) {}

    /// Its name, summary and discussion with the options and arguments its properties declare.
    public static var spec: CommandSpec {
        CommandSpec(name, summary: summary, options: declaredOptions, arguments: declaredArguments, discussion: discussion)
    }

    /// Reads its declarations from `invocation` (a required argument missing is a usage error), then validates.
    public init(_ invocation: Invocation) throws(CommandError) {
        let missing = Self.declaredArguments.filter { !$0.isOptional && invocation.arguments[$0.name] == nil }
        guard missing.isEmpty else {
            throw .usage(Self.name, "`\(Self.name)` needs " + missing.map { "<\($0.name)>" }.joined(separator: " "))
        }
        self.init(reading: invocation)
        try validate()
    }
}
