import AuctionCLI
import AuctionCore
import Testing

/// Each command declares its options and arguments as typed keys, builds its `CommandSpec` from them
/// and reads the parsed `Invocation` through the same keys, so the help and the reading cannot drift.
@Suite struct CommandKeysTests {
    func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(let invocation) = try ArgumentParser().parse(arguments) else {
            Issue.record("expected a command to run for \(arguments)")
            return Invocation(command: "")
        }
        return invocation
    }

    @Test func programSpecListsEachCommandsOwnSpec() {
        for type in AuctionApp.standardCommands {
            #expect(type.spec.name == type.name)
            #expect(ProgramSpec.auction.command(named: type.name) == type.spec)
        }
        #expect(ProgramSpec.auction.command(named: "demo") == .demo)
        #expect(ProgramSpec.auction.commands.map(\.name) == [
            "list", "watch", "bid", "show", "demo", "register", "login", "logout", "whoami", "chat", "mine", "watchlist",
            "completions", "man", "help", "buy", "notifications", "sell", "edit", "withdraw",
        ])
    }

    @Test func everyDeclaredKeyIsInItsCommandsSpec() {
        #expect(ListCommand.spec.options == [ListCommand.pageOption.spec, ListCommand.allFlag.spec, ListCommand.jsonFlag.spec] + DiscoveryOptions.specs)
        #expect(WatchCommand.spec.options == [WatchCommand.pagesOption.spec, WatchCommand.idsOption.spec, WatchCommand.jsonFlag.spec,
                                              WatchCommand.noBellFlag.spec, WatchCommand.notifyCommandOption.spec,
                                              WatchCommand.watchlistFlag.spec] + DiscoveryOptions.specs)
        #expect(BidCommand.spec.options == [BidCommand.minimumFlag.spec, BidCommand.jsonFlag.spec, BidCommand.maximumOption.spec,
                                             BidCommand.yesFlag.spec])
        #expect(BuyCommand.spec.options == [BuyCommand.yesFlag.spec, BuyCommand.jsonFlag.spec])
        #expect(BuyCommand.spec.arguments == [BuyCommand.idArgument.spec])
        #expect(BidCommand.spec.arguments == [BidCommand.idArgument.spec, BidCommand.priceArgument.spec])
        #expect(ShowCommand.spec.options == [ShowCommand.jsonFlag.spec])
        #expect(ShowCommand.spec.arguments == [ShowCommand.idArgument.spec])
        #expect(RegisterCommand.spec.options == [RegisterCommand.passwordStdin.spec])
        #expect(RegisterCommand.spec.arguments == [RegisterCommand.userArgument.spec])
        #expect(LoginCommand.spec.options == [LoginCommand.passwordStdin.spec])
        #expect(LoginCommand.spec.arguments == [LoginCommand.userArgument.spec])
        #expect(WhoamiCommand.spec.options == [WhoamiCommand.jsonFlag.spec])
        #expect(NotificationsCommand.spec.options == [NotificationsCommand.allFlag.spec, NotificationsCommand.jsonFlag.spec])
        #expect(ChatRoomCommand.spec.arguments == [ChatRoomCommand.roomArgument.spec])
        #expect(CompletionsCommand.spec.arguments == [CompletionsCommand.shellArgument.spec])
        #expect(LogoutCommand.spec.options.isEmpty && LogoutCommand.spec.arguments.isEmpty)
        #expect(ManCommand.spec.options.isEmpty && ManCommand.spec.arguments.isEmpty)
        #expect(MineCommand.spec.options == [MineCommand.jsonFlag.spec, MineCommand.sellingFlag.spec])
        #expect(SellCommand.spec.options == LotOptions.specs + [SellCommand.jsonFlag.spec])
        #expect(EditCommand.spec.options == LotOptions.specs && EditCommand.spec.arguments == [EditCommand.idArgument.spec])
        #expect(WithdrawCommand.spec.options == [WithdrawCommand.yesFlag.spec])
        #expect(WithdrawCommand.spec.arguments == [WithdrawCommand.idArgument.spec])
        #expect(WatchlistCommand.spec.options == [WatchlistCommand.jsonFlag.spec])
        #expect(WatchlistCommand.spec.arguments == [WatchlistCommand.actionArgument.spec, WatchlistCommand.idArgument.spec])
    }

    @Test func globalOptionsAreDeclaredAsKeysToo() throws {
        #expect(ProgramSpec.auction.globalOptions == GlobalOptions.specs)
        #expect(GlobalOptions.specs.map(\.name) == ["http", "socket", "profile", "ca-file", "allow-plaintext", "no-color"])
        let global = try invocation(["--http=http://h:1", "list", "--socket", "h:2", "--profile", "local", "--no-color"]).global
        #expect(global == GlobalOptions(http: "http://h:1", socket: "h:2", profile: "local", noColor: true))
    }

    @Test func keysReadTheTypedValuesTheParserFilled() throws {
        let bid = try invocation(["bid", "5", "+1000", "--json"])
        #expect(bid[BidCommand.idArgument] == ProductID(5))
        #expect(bid[BidCommand.priceArgument] == .raise(Money(1_000)))
        #expect(bid[BidCommand.jsonFlag])
        #expect(!bid[BidCommand.minimumFlag])
        #expect(try invocation(["bid", "5", "--min"])[BidCommand.priceArgument] == nil)
        let watch = try invocation(["watch", "--ids", "9,1"])
        #expect(watch[WatchCommand.idsOption] == [9, 1])
        #expect(watch[WatchCommand.pagesOption] == nil)
        #expect(try invocation(["completions", "fish"])[CompletionsCommand.shellArgument] == "fish")
    }

    @Test func commandsBuildFromInvocationsThroughTheirKeys() throws {
        let list = try ListCommand(invocation(["list", "--page", "3", "--json"]))
        #expect(list.page == 3 && list.json && !list.all)
        let bid = try BidCommand(invocation(["bid", "7", "35,000"]))
        #expect(bid.productID == ProductID(7) && bid.offer == .price(Money(35_000)) && bid.price == Money(35_000))
        #expect(try LoginCommand(invocation(["login", "alice", "--password-stdin"])).passwordFromStandardInput)
    }
}
