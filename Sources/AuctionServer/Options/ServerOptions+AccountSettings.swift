extension ServerOptions {
    /// The login, registration and log-flood limits, listed after the socket limits in `--help`.
    static let accountSettings: [Setting] = [
        .number("failed_logins_per_address", help: "failed logins a minute from one address (default 5)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.failedLoginsPerAddress = .perMinute(count)
        },
        .number("failed_logins_per_network", help: "failed logins a minute from one /24 or /64 (default 20)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.failedLoginsPerNetwork = .perMinute(count)
        },
        .number("failed_logins_per_name_and_address", help: "failed logins a minute for one name from one address (default 5)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.failedLoginsPerNameAndAddress = .perMinute(count)
        },
        .number("failed_logins_per_name", help: "failed logins an hour for one name before new networks wait (default 20)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.failedLoginsPerName = .perHour(count)
        },
        .number("max_login_delay", help: "longest wait, in seconds, for a name under attack (default 300)",
                in: 1...86_400, expected: "seconds 1-86400") { configuration, seconds in
            configuration.accounts.maximumLoginDelayMilliseconds = Int64(seconds) * 1_000
        },
        .number("registrations_per_network", help: "registrations an hour from one /24 or /64 (default 20)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.accounts.registrationsPerNetwork = .perHour(count)
        },
        .number("log_repeats", help: "similar log lines written per 10 s before a summary, 0 = all (default 10)",
                in: 0...1_000_000, expected: "a count 0-1000000") { configuration, lines in
            configuration.logRepeats.linesPerWindow = lines
        },
    ]
}
