extension ServerOptions {
    /// How a stopping node drains (SIGTERM), listed last in `--help`.
    static let drainSettings: [Setting] = [
        .number("drain_seconds",
                help: "on SIGTERM, seconds to wait for socket clients told to reconnect elsewhere; 0 = close at once (default 10)",
                in: 0...3_600, expected: "seconds 0-3600") { configuration, seconds in
            configuration.drainSeconds = seconds
        },
    ]
}
