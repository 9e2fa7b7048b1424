extension ServerOptions {
    /// The login, registration and log-flood limits, listed after the socket limits in `--help`.
    static let accountSettings: [Setting] = [
        Setting(key: "failed_logins_per_address", takesValue: true,
                help: "failed logins a minute from one address (default 5)") { configuration, value in
            guard let count = count(value) else { return "a count 1-1000000" }
            configuration.accounts.failedLoginsPerAddress = .perMinute(count)
            return nil
        },
        Setting(key: "failed_logins_per_network", takesValue: true,
                help: "failed logins a minute from one /24 or /64 (default 20)") { configuration, value in
            guard let count = count(value) else { return "a count 1-1000000" }
            configuration.accounts.failedLoginsPerNetwork = .perMinute(count)
            return nil
        },
        Setting(key: "failed_logins_per_name_and_address", takesValue: true,
                help: "failed logins a minute for one name from one address (default 5)") { configuration, value in
            guard let count = count(value) else { return "a count 1-1000000" }
            configuration.accounts.failedLoginsPerNameAndAddress = .perMinute(count)
            return nil
        },
        Setting(key: "failed_logins_per_name", takesValue: true,
                help: "failed logins an hour for one name before new networks wait (default 20)") { configuration, value in
            guard let count = count(value) else { return "a count 1-1000000" }
            configuration.accounts.failedLoginsPerName = .perHour(count)
            return nil
        },
        Setting(key: "max_login_delay", takesValue: true,
                help: "longest wait, in seconds, for a name under attack (default 300)") { configuration, value in
            guard let seconds = Int64(value), (1...86_400).contains(seconds) else { return "seconds 1-86400" }
            configuration.accounts.maximumLoginDelayMilliseconds = seconds * 1_000
            return nil
        },
        Setting(key: "registrations_per_network", takesValue: true,
                help: "registrations an hour from one /24 or /64 (default 20)") { configuration, value in
            guard let count = count(value) else { return "a count 1-1000000" }
            configuration.accounts.registrationsPerNetwork = .perHour(count)
            return nil
        },
        Setting(key: "log_repeats", takesValue: true,
                help: "similar log lines written per 10 s before a summary, 0 = all (default 10)") { configuration, value in
            guard let lines = Int(value), (0...1_000_000).contains(lines) else { return "a count 0-1000000" }
            configuration.logRepeats.linesPerWindow = lines
            return nil
        },
    ]

    private static func count(_ text: String) -> Int? {
        guard let number = Int(text), (1...1_000_000).contains(number) else { return nil }
        return number
    }
}
