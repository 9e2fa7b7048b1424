extension ProgramSpec {
    /// The `auction` command line: global options and every command (each declared by the command that
    /// reads it), from which help and parsing derive.
    public static let auction = ProgramSpec(
        name: "auction",
        summary: "watch and bid on live auctions from the terminal",
        version: CLIVersion.current,
        globalOptions: [
            OptionSpec("http", kind: .text, valueName: "URL", help: "HTTP endpoint (default http://127.0.0.1:3100)"),
            OptionSpec("socket", kind: .text, valueName: "HOST:PORT", help: "socket endpoint (default 127.0.0.1:3200)"),
            OptionSpec("profile", kind: .text, valueName: "NAME", help: "endpoints from a profile: local, original-docker"),
            OptionSpec("no-color", kind: .flag, help: "never colour the output"),
        ],
        commands: [
            ListCommand.spec, WatchCommand.spec, BidCommand.spec, ShowCommand.spec, .demo,
            RegisterCommand.spec, LoginCommand.spec, LogoutCommand.spec, WhoamiCommand.spec, ChatRoomCommand.spec,
            CompletionsCommand.spec, ManCommand.spec, .help,
        ],
        epilogue: """
        Environment:
          AUCTION_HTTP, AUCTION_SOCKET, AUCTION_PROFILE   as --http, --socket, --profile
          AUCTION_TIMEOUT                                 seconds to wait for an answer (default 10)
          NO_COLOR                                        never colour the output
        Configuration: $XDG_CONFIG_HOME/auction/config (else ~/.config/auction/config), lines
          `http = URL`, `socket = HOST:PORT`, `profile = NAME`.
          Precedence: flag > environment > config file > profile > default.
        """
    )
}
