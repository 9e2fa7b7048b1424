extension ProgramSpec {
    /// The `auction` command line: global options and every command, from which help and parsing derive.
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
            CommandSpec("list", summary: "print a page of the catalogue", options: [
                OptionSpec("page", kind: .integer(minimum: 1, maximum: 1_000_000), valueName: "N", help: "the page to print, from 1 (default 1)"),
                OptionSpec("all", kind: .flag, help: "follow pages until the end"),
                OptionSpec("json", kind: .flag, help: "print one JSON document for scripts"),
            ], discussion: """
            Columns: id, name, current price, change since the previous price, start price, time left
            (`ended` once closed). --json adds `closed` and `winner`.
            """),
            CommandSpec("watch", summary: "show live prices as bids arrive", options: [
                OptionSpec("pages", kind: .integer(minimum: 1, maximum: 1_000), valueName: "N", help: "load the first N pages (default 1)"),
                OptionSpec("ids", kind: .integerList, valueName: "ID,ID,...", help: "watch these products instead (e.g. 1,5,9)"),
                OptionSpec("json", kind: .flag, help: "print one JSON object per line: a snapshot, then each change"),
            ], discussion: """
            Keys: q quit, ↑/↓ (k/j) select, b bid on the selected line, n/p next/previous page,
            r reload (reconnect now while disconnected), ? keys. When output is not a terminal
            (or TERM is dumb), prints one tab-separated line per change: time, id, name, price,
            change (an ended auction: final price, then `SOLD · winner` or `ended · no winner`).
            """),
            CommandSpec("bid", summary: "bid on a product", options: [
                OptionSpec("min", kind: .flag, help: "bid the minimum next bid (current price + minimum raise)"),
                OptionSpec("json", kind: .flag, help: "print the outcome as JSON"),
            ], arguments: [
                ArgumentSpec("id", kind: .productID, help: "the product's id"),
                ArgumentSpec("price", kind: .bidPrice, help: "the price offered, e.g. 35000 or 35,000; +1000 raises the current price",
                             isOptional: true),
            ], discussion: """
            Uses the saved login (see `auction login`). Give <price> or --min. Exit 1 when refused,
            4 when no reply came; a refusal says the minimum next bid.
            """),
            CommandSpec("show", summary: "show a product in full, with its price history and image", options: [
                OptionSpec("json", kind: .flag, help: "print the product as JSON"),
            ], arguments: [ArgumentSpec("id", kind: .productID, help: "the product's id")]),
            CommandSpec("demo", summary: "start a local auction with simulated bidders and watch it",
                        discussion: """
                        Runs an embedded server on free loopback ports; quitting (q, Ctrl-C, SIGTERM, SIGHUP)
                        stops everything and removes its temporary files.
                        """),
            CommandSpec("register", summary: "create an account and log in", options: [
                OptionSpec("password-stdin", kind: .flag, help: "read the password from one line of stdin"),
            ], arguments: [ArgumentSpec("name", kind: .text, help: "the user name")]),
            CommandSpec("login", summary: "log in and save the session", options: [
                OptionSpec("password-stdin", kind: .flag, help: "read the password from one line of stdin"),
            ], arguments: [ArgumentSpec("name", kind: .text, help: "the user name")]),
            CommandSpec("logout", summary: "end the saved session"),
            CommandSpec("whoami", summary: "print who the saved session belongs to", options: [
                OptionSpec("json", kind: .flag, help: "print it as JSON"),
            ]),
            CommandSpec("chat", summary: "chat in a room (product-<id> or any name)", arguments: [
                ArgumentSpec("room", kind: .text, help: "the room, e.g. product-5"),
            ], discussion: """
            Type and press Enter to send; /who lists members, /help, /quit leaves; ? on an empty line
            shows the keys. Piped: each stdin line is sent, each message printed; exit 1 if a line was refused.
            """),
            CommandSpec("completions", summary: "print a shell completion script", arguments: [
                ArgumentSpec("shell", kind: .text, help: "bash, zsh or fish", choices: CompletionScript.shells),
            ], discussion: """
            bash: source <(auction completions bash); zsh: auction completions zsh > ~/.zfunc/_auction
            (a directory on $fpath); fish: auction completions fish > ~/.config/fish/completions/auction.fish
            """),
            CommandSpec("man", summary: "print the manual page (roff)",
                        discussion: "Read it with `auction man | man -l -`; docs/auction.1 is the same page."),
            CommandSpec("help", summary: "show help for a command", arguments: [
                ArgumentSpec("command", kind: .text, help: "the command (optional)"),
            ]),
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
