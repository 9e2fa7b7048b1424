@testable import AuctionCLI
import AuctionCore
import Foundation
import Testing

/// A command declares each option once, as a property (`@Flag`, `@Option`, `@Argument`); its spec, the
/// parse, its help, the completion scripts and the man page all come from that one declaration.
@Suite struct DeclaredOptionsTests {
    /// A command that exists only here: every one of its options is named once, below.
    struct EchoCommand: ParsableCommand {
        static let name = "echo"
        static let summary = "say a word"
        static let discussion = "Says <word> --times times."
        @Option("times", range: 1...9, valueName: "N", help: "how often to say it")
        var times = 1
        @Flag("loud", help: "say it in capitals")
        var loud: Bool
        @Option(text: "prefix", valueName: "TEXT", help: "put TEXT before it")
        var prefix: String?
        @Option(repeated: "attach", valueName: "FILE", help: "attach FILE")
        var attachments: [String]
        @Argument(text: "word", help: "the word")
        var word: String
        @Argument("id", help: "a product to say it about")
        var productID: ProductID?
        var spoken = ""

        init() {}

        mutating func validate() throws(CommandError) {
            guard word != "mute" else { throw .usage(Self.name, "cannot say `mute`") }
            spoken = String(repeating: (prefix ?? "") + (loud ? word.uppercased() : word), count: times)
        }

        func run(in context: CommandContext) async throws(CommandError) -> ExitCode { .success }
    }

    let program = ProgramSpec(name: "probe", summary: "a test program", version: "1", globalOptions: GlobalOptions.declaredOptions,
                              commands: [EchoCommand.spec], epilogue: "")

    func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(let invocation) = try ArgumentParser(spec: program).parse(arguments) else {
            Issue.record("expected a command to run for \(arguments)")
            return Invocation(command: "")
        }
        return invocation
    }

    @Test func theDeclarationsAreTheSpecInOrder() {
        #expect(EchoCommand.spec.options.map(\.synopsis) == ["--times N", "--loud", "--prefix TEXT", "--attach FILE"])
        #expect(EchoCommand.spec.options.map(\.help) == ["how often to say it", "say it in capitals", "put TEXT before it", "attach FILE"])
        #expect(EchoCommand.spec.arguments == [ArgumentSpec("word", kind: .text, help: "the word"),
                                               ArgumentSpec("id", kind: .productID, help: "a product to say it about", isOptional: true)])
        #expect(EchoCommand.spec.summary == "say a word" && EchoCommand.spec.discussion == "Says <word> --times times.")
    }

    @Test func theParseFillsTheDeclaredProperties() throws {
        let echo = try EchoCommand(invocation(["echo", "hi", "7", "--times", "2", "--loud", "--prefix=>", "--attach", "a", "--attach", "b"]))
        #expect(echo.word == "hi" && echo.productID == ProductID(7) && echo.times == 2 && echo.loud && echo.prefix == ">")
        #expect(echo.attachments == ["a", "b"] && echo.$times.wasGiven && echo.spoken == ">HI>HI")
        let plain = try EchoCommand(invocation(["echo", "hi"]))
        #expect(plain.times == 1 && !plain.$times.wasGiven && !plain.loud && plain.prefix == nil && plain.productID == nil)
        #expect(throws: CommandError.usage("echo", "cannot say `mute`")) { try EchoCommand(invocation(["echo", "mute"])) }
    }

    @Test func theParserChecksTheDeclaredKinds() {
        #expect(throws: UsageError.self) { try ArgumentParser(spec: program).parse(["echo", "hi", "--times", "10"]) }
        #expect(throws: UsageError.self) { try ArgumentParser(spec: program).parse(["echo", "hi", "--tims", "2"]) }
        #expect(throws: UsageError.self) { try ArgumentParser(spec: program).parse(["echo"]) }
    }

    @Test func helpCompletionsAndTheManPageShowTheSameDeclarations() throws {
        guard case .help(let help) = try ArgumentParser(spec: program).parse(["echo", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(help.contains("Usage: probe echo [options] <word> [<id>]"))
        #expect(help.contains("--times N") && help.contains("how often to say it") && help.contains("<word>"))
        let bash = CompletionScript.bash(program), zsh = CompletionScript.zsh(program), fish = CompletionScript.fish(program)
        #expect(bash.contains(#"echo) words="--times --loud --prefix --attach --help"#))
        #expect(zsh.contains("'--times[how often to say it]:N:'") && zsh.contains("'--loud[say it in capitals]'"))
        #expect(fish.contains("complete -c probe -n '__fish_seen_subcommand_from echo' -l attach -r -F -d 'attach FILE'"))
        let page = ManPage.render(program)
        #expect(page.contains(".B echo [\\-\\-times N] [\\-\\-loud] [\\-\\-prefix TEXT] [\\-\\-attach FILE] <word> [<id>]"))
        #expect(page.contains("\\fB\\-\\-loud\\fR\nsay it in capitals"))
    }

    @Test func groupsDeclareTheirOptionsInPlace() {
        #expect(ListCommand.spec.options.map(\.name) == ["page", "all", "json"] + DiscoveryOptions.declaredOptions.map(\.name))
        #expect(DiscoveryOptions.declaredOptions.map(\.name) == ["search", "sort", "ending-within", "min-price", "max-price", "seller", "status"])
        #expect(SellCommand.spec.options == LotOptions.declaredOptions + [OptionSpec("json", kind: .flag, help: "print {\"id\":N,…} for scripts")])
        #expect(EditCommand.spec.options == LotOptions.declaredOptions)
        #expect(ProgramSpec.auction.globalOptions.map(\.name) == ["http", "socket", "profile", "ca-file", "allow-plaintext", "no-color"])
    }

    @Test func everyCommandIsInTheProgramAsDeclared() {
        for type in AuctionApp.standardCommands {
            #expect(ProgramSpec.auction.command(named: type.name) == type.spec)
            #expect(type is any ParsableCommand.Type, "\(type.name) still declares its options by hand")
            let names = type.spec.options.map(\.name) + ProgramSpec.auction.globalOptions.map(\.name)
            #expect(Set(names).count == names.count, "\(type.name) declares an option twice")
        }
        #expect(ProgramSpec.auction.command(named: "demo") == .demo)
        #expect(ProgramSpec.auction.commands.map(\.name) == [
            "list", "watch", "bid", "show", "demo", "register", "login", "logout", "whoami", "chat", "mine", "watchlist",
            "completions", "man", "help", "buy", "notifications", "sell", "edit", "withdraw", "report", "mod", "verify", "receipts",
        ])
    }

    @Test func commandsReadTheirOwnProperties() throws {
        func parsed(_ arguments: [String]) throws -> Invocation {
            guard case .run(let invocation) = try ArgumentParser().parse(arguments) else { return Invocation(command: "") }
            return invocation
        }
        let bid = try BidCommand(parsed(["bid", "5", "+1000", "--json", "--max", "50,000"]))
        #expect(bid.productID == ProductID(5) && bid.offer == .raise(Money(1_000)) && bid.json && bid.maximum == Money(50_000))
        let watch = try WatchCommand(parsed(["watch", "--ids", "9,1", "--no-bell"]))
        #expect(watch.ids == [ProductID(9), ProductID(1)] && watch.noBell && watch.pages == 1 && !watch.json)
        let global = try parsed(["--http=http://h:1", "list", "--socket", "h:2", "--profile", "local", "--no-color"]).global
        #expect(global.http == "http://h:1" && global.socket == "h:2" && global.profile == "local" && global.noColor && global.caFile == nil)
    }

    /// The home-made parser was 1,136 lines with the options declared four times; declaring them once must
    /// shrink it: Arguments/ and ParsableCommand.swift together stay at most 1,000 lines.
    @Test func theParserStaysSmallerThanBefore() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/AuctionCLI").standardized
        let arguments = sources.appendingPathComponent("Arguments")
        let files = try FileManager.default.contentsOfDirectory(atPath: arguments.path).filter { $0.hasSuffix(".swift") }
            .map { arguments.appendingPathComponent($0) } + [sources.appendingPathComponent("App/ParsableCommand.swift")]
        let lines = try files.reduce(0) { total, file in
            try total + String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        #expect(lines <= 1_000, "Sources/AuctionCLI/Arguments and App/ParsableCommand.swift have \(lines) lines")
    }
}
