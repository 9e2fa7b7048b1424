extension ServerOptions {
    /// TLS and the plaintext listeners beside it, listed after the other listener settings in `--help`.
    static let tlsSettings: [Setting] = [
        .file("tls_cert", help: "certificate and chain (PEM): both listeners speak TLS (with --tls-key)") { $0.transport.certificateFile = $1 },
        .file("tls_key", help: "the certificate's private key (PEM)") { $0.transport.keyFile = $1 },
        .number("plain_socket_port", help: "also a PLAINTEXT auction socket on this port, beside TLS (off)",
                in: 0...65_535, expected: "a port 0-65535") { configuration, port in
            configuration.transport.plainSocketPort = port
        },
        .number("plain_http_port", help: "also PLAINTEXT HTTP on this port, beside HTTPS (off)",
                in: 0...65_535, expected: "a port 0-65535") { configuration, port in
            configuration.transport.plainHTTPPort = port
        },
        .number("tls_handshake_timeout", help: "seconds a client has to finish its TLS handshake (default 10)",
                in: 1...300, expected: "seconds 1-300") { configuration, seconds in
            configuration.transport.handshakes.handshakeTimeoutMilliseconds = Int64(seconds) * 1_000
        },
        .number("tls_handshakes_per_address", help: "TLS handshakes one address may start a second (default 32)",
                in: 1...100_000, expected: "a count 1-100000") { configuration, count in
            configuration.transport.handshakes.handshakesPerAddressPerSecond = count
        },
        .number("tls_max_handshakes", help: "TLS handshakes in progress at once per listener (default 1024)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.transport.handshakes.maximumPendingHandshakes = count
        },
        .number("tls_max_handshakes_per_address", help: "TLS handshakes in progress at once from one address (default: tls_max_handshakes / 16)",
                in: 1...1_000_000, expected: "a count 1-1000000") { configuration, count in
            configuration.transport.handshakes.maximumPendingHandshakesPerAddress = count
        },
    ]

    /// A certificate needs its key and a key its certificate; plaintext listeners need TLS beside them.
    static func checkTransport(_ transport: TransportSecurity) throws(ServerOptionsError) {
        if (transport.certificateFile == nil) != (transport.keyFile == nil) {
            throw .invalidValue(source: transport.certificateFile == nil ? "--tls-key" : "--tls-cert",
                                value: transport.certificateFile ?? transport.keyFile ?? "",
                                expected: "both --tls-cert and --tls-key (or neither)")
        }
        if !transport.isEnabled, let port = transport.plainSocketPort ?? transport.plainHTTPPort {
            throw .invalidValue(source: transport.plainSocketPort != nil ? "--plain-socket-port" : "--plain-http-port",
                                value: String(port), expected: "--tls-cert and --tls-key too (without TLS the main ports are plaintext)")
        }
    }
}

extension ServerOptions.Setting {
    /// A setting whose value is a file path (not empty), handed to `apply`.
    fileprivate static func file(_ key: String, help: String,
                                 _ apply: @escaping @Sendable (inout ServerConfiguration, String) -> Void) -> Self {
        Self(key: key, takesValue: true, help: help) { configuration, value in
            guard !value.isEmpty else { return "a file path" }
            apply(&configuration, value)
            return nil
        }
    }
}
