extension ServerOptions {
    /// Soft close and idempotency-key settings, listed last in `--help`.
    static let biddingSettings: [Setting] = [
        .number("extend_window", help: "seconds before the end in which a bid moves the end, 0 = no soft close (default 60)",
                in: 0...86_400, expected: "seconds 0-86400") { configuration, seconds in
            configuration.bidding.extendWindowMilliseconds = Int64(seconds) * 1_000
        },
        .number("extend_by", help: "seconds after such a bid the auction then ends, 0 = no soft close (default 120)",
                in: 0...86_400, expected: "seconds 0-86400") { configuration, seconds in
            configuration.bidding.extendByMilliseconds = Int64(seconds) * 1_000
        },
        Setting(key: "max_extensions", takesValue: true,
                help: "times one auction's end may move, 0 = never, unlimited (default unlimited)") { configuration, value in
            if value.lowercased() == "unlimited" {
                configuration.bidding.maximumExtensions = nil
                return nil
            }
            guard let count = Int(value), (0...1_000_000).contains(count) else { return "a count 0-1000000 or unlimited" }
            configuration.bidding.maximumExtensions = count
            return nil
        },
        .number("idempotency_keys_per_user", help: "bid idempotency keys remembered per user for 24 h (default 1000)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.bidding.idempotencyKeysPerUser = count
        },
        .number("idempotency_keys", help: "bid idempotency keys remembered in all for 24 h (default 100000)",
                in: 1...10_000_000, expected: "a count 1-10000000") { configuration, count in
            configuration.bidding.idempotencyKeysInAll = count
        },
    ]
}
