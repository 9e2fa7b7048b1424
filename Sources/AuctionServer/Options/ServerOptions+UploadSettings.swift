extension ServerOptions {
    /// The per-user upload and listing budgets and the server's body bounds (issue 19), listed after the bidding settings.
    static let uploadSettings: [Setting] = [
        .number("image_bytes_per_hour", help: "image bytes one user may upload an hour, any route (default 104857600)",
                in: 1_048_576...(64 << 30), expected: "bytes 1048576-68719476736") { configuration, number in
            configuration.uploads.imageBytesPerHour = number
        },
        .number("lots_per_hour", help: "lots one user may list an hour (default 30)",
                in: 1...100_000, expected: "a count 1-100000") { configuration, number in
            configuration.uploads.lotsPerHour = number
        },
        .number("max_open_lots", help: "lots one user may have open at once (default 100)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, number in
            configuration.uploads.maximumOpenLots = number
        },
        .number("image_storage_per_user", help: "image bytes one user's lots may hold in all (default 524288000)",
                in: 1_048_576...(1 << 40), expected: "bytes 1048576-1099511627776") { configuration, number in
            configuration.uploads.storedImageBytesPerUser = number
        },
        .number("max_body_bytes_in_flight", help: "request body bytes the HTTP server holds at once (default 134217728)",
                in: 1_048_576...(16 << 30), expected: "bytes 1048576-17179869184") { configuration, number in
            configuration.uploads.maximumBodyBytesInFlight = number
        },
        .number("image_decode_queue", help: "upload requests waiting for the decoding worker; more get 503 (default 8)",
                in: 1...1_000, expected: "a count 1-1000") { configuration, number in
            configuration.uploads.decodeQueue = number
        },
    ]
}
