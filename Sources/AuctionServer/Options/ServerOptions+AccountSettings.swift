extension ServerOptions {
    /// The login, registration and log-flood limits, listed after the socket limits in `--help`.
    static let accountSettings: [Setting] = [
        .eventCount("failed_logins_per_address", help: "failed logins a minute from one address (default 5)") { configuration, count in
            configuration.accounts.failedLoginsPerAddress = .perMinute(count)
        },
        .eventCount("failed_logins_per_network", help: "failed logins a minute from one /24 or /64 (default 20)") { configuration, count in
            configuration.accounts.failedLoginsPerNetwork = .perMinute(count)
        },
        .eventCount("failed_logins_per_name_and_address", help: "failed logins a minute for one name from one address (default 5)") { configuration, count in
            configuration.accounts.failedLoginsPerNameAndAddress = .perMinute(count)
        },
        .eventCount("failed_logins_per_name", help: "failed logins an hour for one name before new networks wait (default 20)") { configuration, count in
            configuration.accounts.failedLoginsPerName = .perHour(count)
        },
        .number("max_login_delay", help: "longest wait, in seconds, for a name under attack (default 300)",
                in: 1...86_400, expected: "seconds 1-86400") { configuration, seconds in
            configuration.accounts.maximumLoginDelayMilliseconds = Int64(seconds) * 1_000
        },
        .eventCount("registrations_per_network", help: "registrations an hour from one /24 or /64 (default 20)") { configuration, count in
            configuration.accounts.registrationsPerNetwork = .perHour(count)
        },
        Setting(key: "moderators", takesValue: true, help: "users who are moderators while listed: a, b (also: admin grant)") { configuration, value in
            let names = value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            for name in names {
                do throws(AccountError) { try AccountRules.validate(name: name) } catch { return "user names separated by commas (\(error))" }
            }
            configuration.accounts.moderators = Set(names)
            return nil
        },
        .eventCount("moderation_requests_per_minute", help: "moderation requests a minute by one user (default 60)") { configuration, count in
            configuration.accounts.moderationRequestsPerMinute = count
        },
        .number("log_repeats", help: "similar log lines written per 10 s before a summary, 0 = all (default 10)",
                in: 0...1_000_000, expected: "a count 0-1000000") { configuration, lines in
            configuration.logRepeats.linesPerWindow = lines
        },
    ]
}

extension ServerOptions.Setting {
    /// A setting for how many events a window allows: a whole number 1-1000000.
    fileprivate static func eventCount(_ key: String, help: String,
                                       _ apply: @escaping @Sendable (inout ServerConfiguration, Int) -> Void) -> Self {
        .number(key, help: help, in: 1...1_000_000, expected: "a count 1-1000000", apply)
    }
}
