import AuctionCore

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

    /// Parses the arguments after the executable's name.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        var command: CommandSpec?
        var globalValues: [String: OptionValue] = [:]
        var options: [String: OptionValue] = [:]
        var positionals: [String] = []
        var wantsHelp = false, wantsVersion = false
        var pendingError: UsageError?
        var index = 0, optionsEnded = false

        func usage() -> String {
            command.map { HelpText.usageHint($0, in: spec) } ?? HelpText.programUsage(spec)
        }

        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" || isNegativeNumber(token) {
                if command == nil && !optionsEnded {
                    guard let found = spec.command(named: token) else {
                        let suggestion = EditDistance.suggestion(for: token, among: spec.commands.map(\.name))
                        pendingError = pendingError ?? UsageError(reason: "unknown command `\(token)`", suggestion: suggestion, usage: usage())
                        break
                    }
                    command = found
                } else {
                    positionals.append(token)
                }
                continue
            }
            if token == "--" { optionsEnded = true; continue }

            // Resolve `--name[=value]` or `-x` among the command's options, then the global ones.
            let candidates = (command?.options ?? []) + spec.globalOptions
            var name: String, inlineValue: String?
            if token.hasPrefix("--") {
                let parts = token.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                name = String(parts[0])
                inlineValue = parts.count > 1 ? String(parts[1]) : nil
            } else {
                let short = token.dropFirst()
                guard short.count == 1, let match = (candidates + [HelpText.helpOption]).first(where: { $0.shortName == short.first }) else {
                    pendingError = pendingError ?? UsageError(reason: "unknown option `\(token)`", usage: usage())
                    continue
                }
                name = match.name
            }
            if name == "help" { wantsHelp = true; continue }
            if name == "version" { wantsVersion = true; continue }

            let isGlobal = spec.globalOptions.contains { $0.name == name }
            guard let option = candidates.first(where: { $0.name == name }) else {
                let suggestion = EditDistance.suggestion(for: name, among: candidates.map(\.name) + ["help", "version"]).map { "--" + $0 }
                pendingError = pendingError ?? UsageError(reason: "unknown option `--\(name)`" + (command.map { " for `\($0.name)`" } ?? ""),
                                                          suggestion: suggestion, usage: usage())
                continue
            }
            var rawValue = inlineValue
            if option.takesValue && rawValue == nil {
                guard index < arguments.count else {
                    pendingError = pendingError ?? UsageError(reason: "`--\(name)` needs a value (\(option.valueName))", usage: usage())
                    continue
                }
                rawValue = arguments[index]
                index += 1
            } else if !option.takesValue && inlineValue != nil {
                pendingError = pendingError ?? UsageError(reason: "`--\(name)` takes no value", usage: usage())
                continue
            }
            do {
                let value = try OptionValueParser.value(of: option, from: rawValue)
                if isGlobal {
                    globalValues[name] = value
                } else if case .texts(let more) = value, case .texts(let earlier)? = options[name] {
                    options[name] = .texts(earlier + more)
                } else {
                    options[name] = value
                }
            } catch {
                pendingError = pendingError ?? UsageError(reason: error.reason, usage: usage())
            }
        }

        if wantsHelp || command?.name == "help" {
            return try help(for: command, positionals: positionals)
        }
        if wantsVersion { return .version("\(spec.name) \(spec.version)") }
        if let pendingError { throw pendingError }
        guard let command else {
            throw UsageError(reason: "no command given", usage: HelpText.programUsage(spec))
        }
        let arguments = try typedArguments(positionals, for: command)
        let global = GlobalOptions(reading: Invocation(command: command.name, options: globalValues))
        return .run(Invocation(command: command.name, global: global, options: options, arguments: arguments))
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

    private func typedArguments(_ positionals: [String], for command: CommandSpec) throws(UsageError) -> [String: ArgumentValue] {
        let usage = HelpText.usageHint(command, in: spec)
        let required = command.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            let missing = command.arguments[positionals.count..<required].map { "<\($0.name)>" }.joined(separator: " ")
            throw UsageError(reason: "`\(command.name)` needs \(missing)", usage: usage)
        }
        if positionals.count > command.arguments.count {
            throw UsageError(reason: "unexpected argument `\(positionals[command.arguments.count])`", usage: usage)
        }
        var values: [String: ArgumentValue] = [:]
        for (argument, raw) in zip(command.arguments, positionals) {
            switch argument.kind {
            case .productID:
                guard let id = Int(raw), id >= 1, id <= Int(Int32.max) else {
                    throw UsageError(reason: "<\(argument.name)> must be a product id (a whole number from 1), not `\(raw)`", usage: usage)
                }
                values[argument.name] = .productID(ProductID(id))
            case .bidPrice:
                let isRaise = raw.hasPrefix("+"), sign = isRaise ? "+" : ""
                guard let money = Money(parsing: String(raw.dropFirst(sign.count))), money > .zero else {
                    let wanted = isRaise ? "`+N` needs a positive whole raise like +1000" : "must be a positive whole amount like 35000 or 35,000 (or +1000)"
                    throw UsageError(reason: "<\(argument.name)> \(wanted), not `\(raw)`", usage: usage)
                }
                // The server is the authority (its max_price); no price above 2^53 - 1 is exact on the wire.
                guard money <= Money.largestExact else {
                    throw UsageError(reason: "<\(argument.name)> must be at most \(sign)\(Money.largestExact), not `\(raw)`", usage: usage)
                }
                values[argument.name] = isRaise ? .raise(money) : .price(money)
            case .text:
                guard !raw.isEmpty else { throw UsageError(reason: "<\(argument.name)> must not be empty", usage: usage) }
                values[argument.name] = .text(raw)
            }
        }
        return values
    }

    private func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ",") }
    }
}
