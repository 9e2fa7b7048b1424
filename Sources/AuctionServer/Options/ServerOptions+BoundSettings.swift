extension ServerOptions {
    /// What one query and one user's sessions may cost (docs/SECURITY.md), listed after the bidding settings in `--help`.
    static let boundSettings: [Setting] = [
        .number("query_row_budget", help: "rows one page of /products/query may walk before it ends early with a cursor (default 500)",
                in: 16...1_000_000, expected: "a count 16-1000000") { configuration, rows in
            configuration.query.rowBudget = rows
        },
        .number("queries_per_address", help: "/products/query requests a second from one address (default 20)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.query.queriesPerAddressPerSecond = count
        },
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
