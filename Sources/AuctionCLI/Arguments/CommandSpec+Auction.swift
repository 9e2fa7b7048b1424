extension CommandSpec {
    /// `auction demo`: declared here because the command lives in the `auction` executable, which the
    /// client library does not link; it takes no options or arguments.
    public static let demo = CommandSpec(name: "demo", summary: "start a local auction with simulated bidders and watch it",
                                         discussion: """
                                         Runs an embedded server on free loopback ports; quitting (q, Ctrl-C, SIGTERM, SIGHUP)
                                         stops everything and removes its temporary files.
                                         """)

    /// `auction help [command]`, answered by the parser itself.
    public static let help = CommandSpec(name: "help", summary: "show help for a command", arguments: [
        ArgumentSpec("command", kind: .text, help: "the command (optional)"),
    ])
}
