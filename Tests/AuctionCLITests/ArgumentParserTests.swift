@testable import AuctionCLI
import AuctionCore
import Testing

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser()

    func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(let invocation) = try parser.parse(arguments) else {
            Issue.record("expected a command to run for \(arguments)")
            return Invocation(command: "")
        }
        return invocation
    }

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesCommandWithTypedOptions() throws {
        let list = try invocation(["list", "--page", "3", "--json"])
        #expect(list.command == "list")
        let command = try ListCommand(list)
        #expect(command.page == 3)
        #expect(command.json)
        #expect(!command.all)
    }

    @Test func parsesCommaListsAndInlineValues() throws {
        let watch = try invocation(["watch", "--ids=1,5,9"])
        #expect(try WatchCommand(watch).ids == [1, 5, 9])
        #expect(try WatchCommand(invocation(["watch", "--pages", "2"])).pages == 2)
    }

    @Test func acceptsGlobalOptionsBeforeAndAfterTheCommand() throws {
        let before = try invocation(["--socket", "[::1]:3200", "--no-color", "list"])
        #expect(before.global.socket == "[::1]:3200" && before.global.noColor && before.global.http == nil && before.global.profile == nil)
        let after = try invocation(["list", "--http", "http://h:1", "--profile", "local"])
        #expect(after.global.http == "http://h:1")
        #expect(after.global.profile == "local")
    }

    @Test func parsesBidArgumentsWithGroupedPrices() throws {
        let bid = try invocation(["bid", "5", "35,000"])
        #expect(try BidCommand(bid).productID == ProductID(5))
        #expect(try BidCommand(bid).offer == .price(Money(35_000)))
        #expect(try BidCommand(invocation(["bid", "5", "35000"])).offer == .price(Money(35_000)))
    }

    @Test func parsesTextArgumentsAndStdinPasswordFlag() throws {
        let login = try LoginCommand(invocation(["login", "alice", "--password-stdin"]))
        #expect(login.user == "alice")
        #expect(login.passwordFromStandardInput)
        #expect(try ChatRoomCommand(invocation(["chat", "product-5"])).room == "product-5")
        #expect(try ChatRoomCommand(invocation(["chat", "--", "--odd-room"])).room == "--odd-room")
    }

    @Test func suggestsTheNearestCommand() {
        let error = usageError(["wach"])
        #expect(error?.reason == "unknown command `wach`")
        #expect(error?.suggestion == "watch")
        #expect(error?.exitCode == .usage)
        #expect(error?.description.hasPrefix("auction: unknown command `wach`; did you mean `watch`?\nUsage: auction") == true)
        #expect(usageError(["lsit"])?.suggestion == "list")
        #expect(usageError(["frobnicate"])?.suggestion == nil)
    }

    @Test func suggestsTheNearestOptionAndShowsTheCommandUsage() {
        let error = usageError(["list", "--pgae", "2"])
        #expect(error?.reason == "unknown option `--pgae` for `list`")
        #expect(error?.suggestion == "--page")
        #expect(error?.usage.hasPrefix("Usage: auction list [options]") == true)
        #expect(usageError(["watch", "--id", "1"])?.suggestion == "--ids")
    }

    @Test func refusesBadValuesWithAReason() {
        #expect(usageError(["list", "--page", "two"])?.reason == "`--page` needs a whole number, not `two`")
        #expect(usageError(["list", "--page", "0"])?.reason == "`--page` must be between 1 and 1000000, not 0")
        #expect(usageError(["watch", "--ids", "1,x"])?.reason == "`--ids` needs ids like 1,5,9; `x` is not one")
        #expect(usageError(["watch", "--pages"])?.reason == "`--pages` needs a value (N)")
        #expect(usageError(["list", "--json=yes"])?.reason == "`--json` takes no value")
        #expect(usageError(["bid", "5", "35,00"])?.reason == "<price> must be a positive whole amount like 35000 or 35,000 (or +1000), not `35,00`")
        #expect(usageError(["bid", "5", "+0"])?.reason == "<price> `+N` needs a positive whole raise like +1000, not `+0`")
        #expect(usageError(["bid", "five", "100"])?.reason == "<id> must be a product id (a whole number from 1), not `five`")
        #expect(usageError(["bid", "-3", "100"])?.reason == "<id> must be a product id (a whole number from 1), not `-3`")
    }

    @Test func refusesMissingAndExtraArguments() {
        #expect(usageError(["bid"])?.reason == "`bid` needs <id>")
        #expect(usageError(["show"])?.reason == "`show` needs <id>")
        #expect(usageError(["logout", "now"])?.reason == "unexpected argument `now`")
        #expect(usageError([])?.reason == "no command given")
    }

    @Test func printsHelpAtEveryLevel() throws {
        guard case .help(let top) = try parser.parse(["--help"]) else { Issue.record("no help"); return }
        #expect(top.contains("Commands:\n Find and bid:\n  list"))
        #expect(top.contains("Exit status:\n  0"))
        #expect(top.contains("AUCTION_SOCKET"))
        #expect(try parser.parse(["-h"]) == .help(top))
        #expect(try parser.parse(["help"]) == .help(top))
        for command in ProgramSpec.auction.commands.map(\.name) where command != "help" {
            guard case .help(let text) = try parser.parse([command, "--help"]) else { Issue.record("no help for \(command)"); continue }
            #expect(text.hasPrefix("Usage: auction \(command)"))
            #expect(try parser.parse(["help", command]) == .help(text))
            #expect(try parser.parse([command, "-h"]) == .help(text))
        }
    }

    @Test func helpWinsOverMissingArgumentsAndBadOptions() throws {
        guard case .help(let text) = try parser.parse(["bid", "--help"]) else { Issue.record("no help"); return }
        #expect(text.contains("<price>"))
        #expect(text.contains("35,000"))
        guard case .help = try parser.parse(["list", "--bogus", "--help"]) else { Issue.record("no help"); return }
    }

    @Test func helpForAnUnknownCommandSuggests() {
        let error = usageError(["help", "shwo"])
        #expect(error?.suggestion == "show")
    }

    @Test func printsTheVersion() throws {
        #expect(try parser.parse(["--version"]) == .version("auction \(CLIVersion.current)"))
    }

    @Test func exitCodesAreDocumentedInTheHelp() throws {
        guard case .help(let top) = try parser.parse(["--help"]) else { Issue.record("no help"); return }
        for code in ExitCode.allCases {
            #expect(top.contains("  \(code.rawValue)  \(code.meaning)") || top.contains("  \(code.rawValue) \(code.meaning)"))
        }
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
    }
}

@Suite struct EditDistanceTests {
    @Test func countsSwapsAsOneEdit() {
        #expect(EditDistance.between("bdi", "bid") == 1)
        #expect(EditDistance.between("watch", "watch") == 0)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("kitten", "sitting") == 3)
    }

    @Test func suggestsUniquePrefixesAndCloseWordsOnly() {
        let words = ["list", "watch", "whoami", "login", "logout"]
        #expect(EditDistance.suggestion(for: "wat", among: words) == "watch")
        #expect(EditDistance.suggestion(for: "log", among: words) == nil) // two commands start with it
        #expect(EditDistance.suggestion(for: "xyzzy", among: words) == nil)
    }
}
