import AuctionCore

extension ServerOptions {
    /// Every setting, in the order `--help` lists them.
    static let settings: [Setting] = [
        Setting(key: "host", takesValue: true, help: "address to listen on (default 127.0.0.1)") { configuration, value in
            guard !value.isEmpty else { return "a host name or address" }
            configuration.host = value
            return nil
        },
        Setting(key: "http_port", takesValue: true, help: "HTTP catalogue port, 0 = a free port (default 3100)") { configuration, value in
            guard let port = port(value) else { return "a port 0-65535" }
            configuration.httpPort = port
            return nil
        },
        Setting(key: "socket_port", takesValue: true, help: "auction socket port, 0 = a free port (default 3200)") { configuration, value in
            guard let port = port(value) else { return "a port 0-65535" }
            configuration.socketPort = port
            return nil
        },
        Setting(key: "db", takesValue: true, help: "SQLite file (default $XDG_DATA_HOME/auction/auction.sqlite)") { configuration, value in
            guard !value.isEmpty else { return "a file path" }
            configuration.databasePath = value
            return nil
        },
        Setting(key: "store", takesValue: true,
                help: "shared PostgreSQL store for several nodes: postgres://USER@HOST:PORT/DB or key=value (default: SQLite)") { configuration, value in
            do {
                configuration.store = try PostgresConnectionString(value)
            } catch {
                return "a postgres:// URL or libpq key=value string (\(error))"
            }
            return nil
        },
        Setting(key: "log_key", takesValue: true,
                help: "the lot log's Ed25519 signing key, PEM; created 0600 when missing (default log-key.pem beside the database)") { configuration, value in
            guard !value.isEmpty else { return "a file path" }
            configuration.logKeyPath = value
            return nil
        },
        Setting(key: "simulate", takesValue: false,
                help: "simulated bidders: the original demo feed, or RATE bids/s; off, 0 = none") { configuration, value in
            switch value.lowercased() {
            case "demo", "true", "yes", "on", "": configuration.simulation = .demoFeed
            case "off", "false", "no", "0": configuration.simulation = nil
            default:
                guard let rate = Int(value), rate > 0, rate <= 1_000_000 else {
                    return "demo, off, or bids per second 1-1000000"
                }
                configuration.simulation = .steady(bidsPerSecond: rate)
            }
            return nil
        },
        Setting(key: "log_level", takesValue: true, help: "debug, info, warning or error (default info)") { configuration, value in
            guard let level = LogLevel(name: value) else { return "debug, info, warning or error" }
            configuration.logLevel = level
            return nil
        },
        Setting(key: "log_format", takesValue: true, help: "text, or json: one object a line (default text)") { configuration, value in
            guard let format = LogFormat(name: value) else { return "text or json" }
            configuration.logFormat = format
            return nil
        },
        Setting(key: "allow_anonymous_bids", takesValue: false,
                help: "accept bids without login, as the original backend did (UNSAFE)") { configuration, value in
            guard let flag = boolean(value) else { return "true or false" }
            configuration.allowAnonymousBids = flag
            return nil
        },
        .number("max_frame_bytes", help: "largest socket frame (default 65536)",
                in: 256...16 << 20, expected: "bytes 256-16777216") { configuration, number in
            configuration.limits.maximumFrameBytes = number
        },
        Setting(key: "max_malformed_frames", takesValue: true,
                help: "malformed frames before a client is dropped (default 16)") { configuration, value in
            guard let number = Int(value), number >= 0 else { return "a count 0 or more" }
            configuration.limits.maximumMalformedFrames = number
            return nil
        },
        Setting(key: "bids_per_second", takesValue: true, help: "bids one connection may place per second (default 100)") { configuration, value in
            guard let number = Int(value), number >= 1 else { return "a rate 1 or more" }
            configuration.limits.bidsPerSecond = number
            return nil
        },
        Setting(key: "output_soft_limit", takesValue: true,
                help: "bytes pending for a client before its pushes coalesce (default 262144)") { configuration, value in
            guard let number = Int(value), number >= 1_024 else { return "bytes 1024 or more" }
            configuration.limits.outputSoftLimit = number
            configuration.limits.outputHardLimit = max(configuration.limits.outputHardLimit, number)
            return nil
        },
        Setting(key: "output_hard_limit", takesValue: true,
                help: "bytes pending before a client that does not read is dropped (default 4194304)") { configuration, value in
            guard let number = Int(value), number >= configuration.limits.outputSoftLimit else {
                return "bytes at least the soft limit (\(configuration.limits.outputSoftLimit))"
            }
            configuration.limits.outputHardLimit = number
            return nil
        },
        Setting(key: "max_connections", takesValue: true,
                help: "socket connections at most (default: the open-file limit less fd_reserve)") { configuration, value in
            guard let number = Int(value), number >= 1 else { return "a count 1 or more" }
            configuration.limits.maximumConnections = number
            return nil
        },
        .number("chat_messages_per_minute", help: "chat messages one user may send a minute, burst included (default 60)",
                in: 1...1_000_000, expected: "a rate 1-1000000") { configuration, number in
            configuration.chat.messagesPerMinute = number
        },
        .number("chat_joins_per_minute", help: "chat rooms one connection may join a minute, burst included (default 30)",
                in: 1...1_000_000, expected: "a rate 1-1000000") { configuration, number in
            configuration.chat.joinsPerMinute = number
        },
        .number("chat_history_max_bytes", help: "bytes of chat history one join replays at most (default 65536)",
                in: 0...16 << 20, expected: "bytes 0-16777216") { configuration, number in
            configuration.chat.historyMaximumBytes = number
        },
        .number("chat_message_max_bytes", help: "UTF-8 bytes in one chat message at most (default 8192)",
                in: 1...65_536, expected: "bytes 1-65536") { configuration, number in
            configuration.chat.rooms.maximumMessageBytes = number
        },
        .number("chat_room_name_max_bytes", help: "UTF-8 bytes in a chat room name at most (default 256)",
                in: 16...4_096, expected: "bytes 16-4096") { configuration, number in
            configuration.chat.rooms.maximumRoomNameBytes = number
        },
        .number("chat_max_marks_per_character", help: "combining marks one character of a chat name or message may carry (default 8)",
                in: 0...64, expected: "a count 0-64") { configuration, number in
            configuration.chat.rooms.maximumMarksPerCharacter = number
        },
        .number("original_send_bytes", help: "largest send to a client that did not say hello, cut at frame ends (default 4096)",
                in: 512...1_048_576, expected: "a byte count from 512 to 1048576") { configuration, number in
            configuration.limits.originalClientSendBytes = number
        },
        Setting(key: "max_price", takesValue: true,
                help: "highest price a bid may offer, minor units (default 1000000000000000)") { configuration, value in
            guard let price = money(value) else { return "an amount 1-\(Money.largestExact.minorUnits)" }
            configuration.priceLimits.maximumPrice = price
            return nil
        },
        Setting(key: "max_raise", takesValue: true,
                help: "largest raise a bid may make over the current price (default 1000000000000)") { configuration, value in
            guard let raise = money(value) else { return "an amount 1-\(Money.largestExact.minorUnits)" }
            configuration.priceLimits.maximumRaise = raise
            return nil
        },
        .number("fd_reserve", help: "file descriptors kept free; clients are refused instead (default 256)",
                in: 0...1_000_000, expected: "a count 0-1000000") { configuration, number in
            configuration.descriptorReserve = number
        },
        .number("write_deadline", help: "seconds a client may leave output unread before it is dropped (default 30)",
                in: 1...86_400, expected: "seconds 1-86400") { configuration, number in
            configuration.limits.writeDeadlineMilliseconds = Int64(number) * 1_000
        },
        .number("send_buffer_bytes", help: "kernel send buffer per socket connection (default 65536)",
                in: 4_096...(64 << 20), expected: "bytes 4096-67108864") { configuration, number in
            configuration.limits.sendBufferBytes = number
        },
        Setting(key: "max_http_connections_per_address", takesValue: true,
                help: "HTTP connections one client address may hold (default 128)") { configuration, value in
            guard let number = Int(value), number >= 1 else { return "a count 1 or more" }
            configuration.httpMaximumConnectionsPerAddress = number
            return nil
        },
        .number("image_uploads_per_hour", help: "image uploads one user may make an hour (default 120)",
                in: 1...100_000, expected: "a count 1-100000") { configuration, number in
            configuration.imageUploadsPerHour = number
        },
        .number("store_timeout", help: "seconds the PostgreSQL store may take to answer before bids are refused unavailable (default 5)",
                in: 1...3_600, expected: "seconds 1-3600") { configuration, number in
            configuration.postgres.timeoutMilliseconds = Int64(number) * 1_000
        },
        .number("store_pool_size", help: "PostgreSQL connections a node's stores share, beside the ledger's, listener's, presence's and closing duty's own (default 2)",
                in: 1...64, expected: "a count 1-64") { configuration, number in
            configuration.postgres.poolSize = number
        },
        .number("store_keepalive", help: "seconds of silence before a TCP keepalive probe to the PostgreSQL store (default: a third of store_timeout)",
                in: 1...3_600, expected: "seconds 1-3600") { configuration, number in
            configuration.postgres.keepaliveSeconds = number
        },
        Setting(key: "store_retry_first_ms", takesValue: true,
                help: "milliseconds before the first reconnect to a lost PostgreSQL store; doubled each failure (default 100)") { configuration, value in
            guard let number = Int64(value), (10...60_000).contains(number) else { return "milliseconds 10-60000" }
            configuration.postgres.reconnect.initialMilliseconds = number
            configuration.postgres.reconnect.maximumMilliseconds = max(configuration.postgres.reconnect.maximumMilliseconds, number)
            return nil
        },
        Setting(key: "store_retry_max_ms", takesValue: true,
                help: "longest pause between reconnects to a lost PostgreSQL store, in milliseconds (default 5000)") { configuration, value in
            let first = configuration.postgres.reconnect.initialMilliseconds
            guard let number = Int64(value), (first...600_000).contains(number) else {
                return "milliseconds from store_retry_first_ms (\(first)) to 600000"
            }
            configuration.postgres.reconnect.maximumMilliseconds = number
            return nil
        },
        .number("store_retry_jitter", help: "percent of each reconnect pause that is random, so nodes return spread out (default 50)",
                in: 0...100, expected: "a percentage 0-100") { configuration, number in
            configuration.postgres.reconnect.jitter = Double(number) / 100
        },
    ] + tlsSettings + accountSettings + biddingSettings + boundSettings + uploadSettings + drainSettings + metricsSettings

    /// An amount in `1 ... Money.largestExact`, written `35000`, `35,000` or `35_000`.
    private static func money(_ text: String) -> Money? {
        guard let amount = Money(parsing: text), amount >= Money(1), amount <= Money.largestExact else { return nil }
        return amount
    }

    private static func port(_ text: String) -> Int? {
        guard let number = Int(text), (0...65_535).contains(number) else { return nil }
        return number
    }

    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }
}
