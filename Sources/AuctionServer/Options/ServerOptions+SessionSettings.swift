extension ServerOptions {
    /// The bounds on one user's sessions (docs/SECURITY.md), listed after the query settings in `--help`.
    static let sessionSettings: [Setting] = [
        .number("sessions_per_user", help: "live sessions one user may hold; a login past it revokes the oldest (default 10)",
                in: 1...10_000, expected: "a count 1-10000") { configuration, count in
            configuration.accounts.sessionsPerUser = count
        },
        .number("logins_per_user", help: "successful logins a minute for one name (default 30)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.loginsPerName = .perMinute(count)
        },
    ]
}
