/// Parses `auction [global options] <command> [options] [args]` against a `ProgramSpec`.
///
/// Global options are accepted before or after the command; `--name=value` and `--name value`
/// both work; `--` ends the options. Help (`-h`, `--help`, `help <command>`) wins over errors in
/// the rest of the line, so `auction bid --help` works without arguments.
public struct ArgumentParser: Sendable {
    /// The program being parsed.
    public var spec: ProgramSpec

    /// A parser for a program; `auction`'s by default.
    public init(spec: ProgramSpec = .auction) { self.spec = spec }

    /// Parses the arguments after the executable's name; with none naming a command, `defaultCommand`
    /// runs when given (`auction` alone on a terminal opens `watch`), else it is a usage error.
    public func parse(_ arguments: [String], defaultCommand: String? = nil) throws(UsageError) -> ParseOutcome {
        var command: CommandSpec?
        var globalValues: [String: [String]] = [:], options: [String: [String]] = [:], positionals: [String] = []
        var wantsHelp = false, wantsVersion = false, optionsEnded = false
        var pendingError: UsageError?
        var index = 0

        /// Keeps the first error; help still wins over it.
        func fail(_ reason: String, suggestion: String? = nil) {
            let usage = command.map { HelpText.usageHint($0, in: spec) } ?? HelpText.programUsage(spec)
            pendingError = pendingError ?? UsageError(reason: reason, suggestion: suggestion, usage: usage)
        }

        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" || isNegativeNumber(token) {
                if command != nil || optionsEnded {
                    positionals.append(token)
                } else if let found = spec.command(named: token) {
                    command = found
                } else {
                    fail("unknown command `\(token)`", suggestion: EditDistance.suggestion(for: token, among: spec.commands.map(\.name)))
                    break
                }
                continue
            }
            if token == "--" { optionsEnded = true; continue }

            // Resolve `--name[=value]` or `-x` among the command's options, then the global ones.
            let candidates = (command?.options ?? []) + spec.globalOptions
            var name = String(token.dropFirst(2)), value: String?
            if !token.hasPrefix("--") {
                guard token.count == 2, let match = (candidates + [HelpText.helpOption]).first(where: { $0.shortName == token.last }) else {
                    fail("unknown option `\(token)`")
                    continue
                }
                name = match.name
            } else if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if name == "help" { wantsHelp = true; continue }
            if name == "version" { wantsVersion = true; continue }
            guard let option = candidates.first(where: { $0.name == name }) else {
                fail("unknown option `--\(name)`" + (command.map { " for `\($0.name)`" } ?? ""),
                     suggestion: EditDistance.suggestion(for: name, among: candidates.map(\.name) + ["help", "version"]).map { "--" + $0 })
                continue
            }
            if option.takesValue && value == nil {
                guard index < arguments.count else { fail("`--\(name)` needs a value (\(option.valueName))"); continue }
                value = arguments[index]
                index += 1
            } else if !option.takesValue && value != nil {
                fail("`--\(name)` takes no value")
                continue
            }
            do { _ = try option.read(value ?? "") } catch { fail(error.reason); continue }
            if spec.globalOptions.contains(option) {
                globalValues[name, default: []].append(value ?? "")
            } else {
                options[name, default: []].append(value ?? "")
            }
        }

        if wantsHelp || command?.name == "help" {
            return try help(for: command, positionals: positionals)
        }
        if wantsVersion { return .version("\(spec.name) \(spec.version)") }
        if let pendingError { throw pendingError }
        guard let command = command ?? defaultCommand.flatMap({ spec.command(named: $0) }) else {
            throw UsageError(reason: "no command given", usage: HelpText.programUsage(spec))
        }
        let global = GlobalOptions(reading: Invocation(command: command.name, options: globalValues))
        return .run(Invocation(command: command.name, global: global, options: options, arguments: try checked(positionals, for: command)))
    }

    private func help(for command: CommandSpec?, positionals: [String]) throws(UsageError) -> ParseOutcome {
        guard let command else { return .help(HelpText.program(spec)) }
        guard command.name == "help" else { return .help(HelpText.command(command, in: spec)) }
        guard let topic = positionals.first else { return .help(HelpText.program(spec)) }
        guard let target = spec.command(named: topic) else {
            let suggestion = EditDistance.suggestion(for: topic, among: spec.commands.map(\.name))
            throw UsageError(reason: "no help for unknown command `\(topic)`", suggestion: suggestion, usage: HelpText.programUsage(spec))
        }
        return .help(HelpText.command(target, in: spec))
    }

    /// The positional arguments by name, each checked against its declaration.
    private func checked(_ positionals: [String], for command: CommandSpec) throws(UsageError) -> [String: String] {
        let usage = HelpText.usageHint(command, in: spec)
        let required = command.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            let missing = command.arguments[positionals.count..<required].map { "<\($0.name)>" }.joined(separator: " ")
            throw UsageError(reason: "`\(command.name)` needs \(missing)", usage: usage)
        }
        if positionals.count > command.arguments.count {
            throw UsageError(reason: "unexpected argument `\(positionals[command.arguments.count])`", usage: usage)
        }
        for (argument, raw) in zip(command.arguments, positionals) {
            do { _ = try argument.read(raw) } catch { throw UsageError(reason: error.reason, usage: usage) }
        }
        return Dictionary(uniqueKeysWithValues: zip(command.arguments.map(\.name), positionals))
    }

    private func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ",") }
    }
}
