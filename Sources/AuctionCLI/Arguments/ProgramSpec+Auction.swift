extension ProgramSpec {
    /// The `auction` command line: global options and every command (each declared by the command that
    /// reads it), from which help and parsing derive.
    public static let auction = ProgramSpec(
        name: "auction",
        summary: "watch and bid on live auctions from the terminal",
        version: CLIVersion.current,
        globalOptions: GlobalOptions.declaredOptions,
        commands: [
            ListCommand.spec, WatchCommand.spec, BidCommand.spec, ShowCommand.spec, .demo,
            RegisterCommand.spec, LoginCommand.spec, LogoutCommand.spec, WhoamiCommand.spec, ChatRoomCommand.spec,
            MineCommand.spec, WatchlistCommand.spec,
            CompletionsCommand.spec, ManCommand.spec, .help, BuyCommand.spec, NotificationsCommand.spec,
            SellCommand.spec, EditCommand.spec, WithdrawCommand.spec,
            ReportCommand.spec, ModCommand.spec, VerifyCommand.spec, ReceiptsCommand.spec,
        ],
        epilogue: """
        Environment:
          AUCTION_HTTP, AUCTION_SOCKET, AUCTION_PROFILE   as --http, --socket, --profile
          AUCTION_CA_FILE, AUCTION_ALLOW_PLAINTEXT        as --ca-file, --allow-plaintext
          AUCTION_TIMEOUT                                 seconds to wait for an answer (default 10)
          AUCTION_IMAGE_CACHE_MB                          picture cache size in MiB (default 64, 0 off; in ~/.cache/auction)
          AUCTION_PAGER, PAGER                            what a long `show` page goes through (default less, LESS=FRX; cat: none)
          NO_COLOR                                        never colour the output
          TZ                                              the zone times are shown in (14:30 KST)
        Configuration: $XDG_CONFIG_HOME/auction/config (else ~/.config/auction/config), lines
          `http = URL`, `socket = HOST:PORT`, `profile = NAME`.
          Precedence: flag > environment > config file > default; a profile's settings rank just
          below the level that named it (--profile beats AUCTION_HTTP and the file's `http =`).
        JSON: with --json every outcome and every error is one JSON object on stdout, errors as
          {"error":{"code":…,"message":…,"exit_status":N}}; times are RFC 3339 (2026-12-05T05:30:41.000Z).
        """,
        groups: CommandGroup.auction
    )
}
