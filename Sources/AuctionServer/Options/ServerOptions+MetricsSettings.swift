extension ServerOptions {
    /// The Prometheus metrics listener (`GET /metrics`, docs/SERVER.md "Metrics"): off unless a port is set.
    static let metricsSettings: [Setting] = [
        .number("metrics_port", help: "serve GET /metrics (Prometheus) on this port, 0 = a free port (default off)",
                in: 0...65_535, expected: "a port 0-65535") { configuration, port in
            configuration.metricsPort = port
        },
        Setting(key: "metrics_host", takesValue: true,
                help: "address the metrics listener binds, unauthenticated (default 127.0.0.1)") { configuration, value in
            guard !value.isEmpty else { return "a host name or address" }
            configuration.metricsHost = value
            return nil
        },
    ]
}
