import AuctionCore
import Glibc

/// The `auction` program: parse the command line, resolve the endpoints, run the command, map the
/// outcome to an exit status. `main.swift` only calls `AuctionApp.process().run(arguments)`.
public struct AuctionApp: Sendable {
    /// The environment (variables such as `AUCTION_HTTP`, `HOME`, `NO_COLOR`).
    public var environment: [String: String]
    /// Makes the console, given whether `--no-color` was passed.
    public var makeConsole: @Sendable (_ noColorFlag: Bool) -> Console
    /// The commands by name.
    public var commands: [String: any Command.Type]
    /// Reads passwords for `register` and `login`; nil for the terminal (or stdin with `--password-stdin`).
    public var readPassword: CommandContext.PasswordSource?
    /// Asks yes/no questions on the terminal; nil for standard input and error.
    public var confirm: CommandContext.ConfirmationSource?
    /// The zone for times on screens; nil for the machine's (`TZ`, `localtime_r`). Tests set a fixed one.
    public var clock: TimeOfDay?

    /// The client's commands. `demo` (which embeds the server) is not among them: the `auction`
    /// executable adds it, so the client library links neither the server, SQLite nor libcrypt.
    public static let standardCommands: [any Command.Type] = [
        ListCommand.self, ShowCommand.self, BidCommand.self, WatchCommand.self,
        RegisterCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, ChatRoomCommand.self,
        MineCommand.self, WatchlistCommand.self,
        CompletionsCommand.self, ManCommand.self, BuyCommand.self, NotificationsCommand.self,
        SellCommand.self, EditCommand.self, WithdrawCommand.self,
        ReportCommand.self, ModCommand.self, VerifyCommand.self, ReceiptsCommand.self,
    ]

    /// Creates an app over an environment and a console factory.
    public init(environment: [String: String], commands: [any Command.Type] = AuctionApp.standardCommands,
                makeConsole: @escaping @Sendable (_ noColorFlag: Bool) -> Console) {
        self.environment = environment
        self.makeConsole = makeConsole
        self.commands = Dictionary(commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The app for this process with `commands`: its environment, standard descriptors and terminal.
    public static func process(commands: [any Command.Type] = AuctionApp.standardCommands) -> AuctionApp {
        var environment: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        let snapshot = environment
        return AuctionApp(environment: environment, commands: commands) { noColor in Console.process(environment: snapshot, noColorFlag: noColor) }
    }

    /// Runs the command line (without the program name) and returns the exit status. With `--json`
    /// every failure also ends with one `{"error":{…}}` object on standard output (`CommandError.json`).
    public func run(_ arguments: [String]) async -> ExitCode {
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser().parse(arguments, defaultCommand: opensApp ? WatchCommand.name : nil)
        } catch {
            let console = makeConsole(true)
            console.errors.write(error.description)
            if Self.asksForJSON(arguments) { console.printJSON(CommandError.usage(error).json) }
            return error.exitCode
        }
        switch outcome {
        case .help(let text):
            makeConsole(true).output.write(text)
            return .success
        case .version(let line):
            makeConsole(true).print(line)
            return .success
        case .run(let invocation):
            var console = makeConsole(invocation.global.noColor)
            let watch = invocation.options["json"] != nil ? JSONFailureWatch() : nil
            if let watch { console = watch.watching(console) }
            do {
                let status = try await run(invocation, console: console)
                // A failure the command only said on stderr (declined, outcome unknown) gets its object here.
                if let watch, status != .success, !watch.wroteOutput {
                    console.printJSON(CommandError.json(exitCode: status, message: watch.lastError))
                }
                return status
            } catch {
                if case .usage(let usage) = error {
                    console.errors.write(usage.description)
                } else {
                    // Server sentences may carry a time (`suspended until …Z`): shown in the reader's zone.
                    console.error((clock ?? .local()).localizingTimes(in: error.description))
                }
                if watch != nil { console.printJSON(error.json) }
                return error.exitCode
            }
        }
    }

    /// Whether `auction` without a command opens the app (`watch`): standard input and output are a
    /// terminal that addresses the cursor; piped, or on a `TERM=dumb` terminal, it prints the usage as before.
    var opensApp: Bool {
        let console = makeConsole(true)
        return console.outputIsTerminal && console.inputIsTerminal && WatchCommand.addressesCursor(environment: environment)
    }

    /// Whether a command line that did not parse asked for `--json` (before any `--`).
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    private func run(_ invocation: Invocation, console: Console) async throws(CommandError) -> ExitCode {
        guard let type = commands[invocation.command] else {
            throw .usage(invocation.command, "`\(invocation.command)` is not available in this build of auction \(CLIVersion.current)")
        }
        let command = try type.init(invocation)
        let paths = ConfigurationPaths(environment: environment)
        var configuration = ClientConfiguration()
        if type.usesEndpoints {
            do {
                let file = try paths?.readConfigFile()
                configuration = try ConfigurationResolver.resolve(flags: invocation.global.overrides, environment: environment, configFile: file)
            } catch {
                throw .configuration(error)
            }
        }
        let timeout = try CommandContext.timeout(from: environment) ?? CommandContext.defaultTimeoutMilliseconds
        var context = CommandContext(configuration: configuration, console: console, environment: environment,
                                     paths: paths, requestTimeoutMilliseconds: timeout)
        if let readPassword { context.readPassword = readPassword }
        if let confirm { context.confirm = confirm }
        if let clock { context.clock = clock }
        if type.usesEndpoints, !NotificationCheckFile.checkingCommands.contains(type.name) { await context.printAwaySummaryIfDue() }
        do throws(CommandError) {
            return try await command.run(in: context)
        } catch {
            // A TLS server asked in plaintext (or the reverse) looks like a lost connection: ask it which it speaks.
            throw await SchemeHint.explaining(error, configuration: configuration)
        }
    }
}
