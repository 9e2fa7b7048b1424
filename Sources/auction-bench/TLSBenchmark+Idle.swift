// Resident memory per idle TLS connection, measured like the plaintext figure of `server` (the `tls` suite).
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure

extension IdleConnections {
    /// `count` idle TLS connections (handshake done, then nothing) to 127.0.0.1:`port` trusting
    /// `caFile`, held by a child `python3` with its `ssl` module; nil when the child could not open them.
    static func tls(count: Int, port: Int, caFile: String) -> IdleConnections? {
        IdleConnections(command: "/usr/bin/python3", ["-c", """
            import resource, socket, ssl, sys
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            context = ssl.create_default_context(cafile=sys.argv[2])
            held = [context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1]))), server_hostname="127.0.0.1")
                    for _ in range(int(sys.argv[3]))]
            print("ready", flush=True)
            sys.stdin.readline()
            """, String(port), caFile, String(count)])
    }
}

/// The server's resident set growth per connection while `idle` idle connections were accepted and
/// counted by `/health` (on the plaintext HTTP port): TLS first, on a fresh heap, then plaintext
/// (which reuses what the allocator kept from the TLS ones, so it reads lower than `server`'s figure).
func measureIdleMemory(idle: Int, tlsPort: Int, plainPort: Int, caFile: String, httpPort: Int) -> Bool {
    print("")
    print("server resident memory per idle connection (resident set growth while \(idle) were accepted, over \(idle))")
    for overTLS in [true, false] {
        let before = socketConnections(httpPort: httpPort) ?? 0, rssBefore = residentBytes()
        let started = MonotonicClock.nanoseconds()
        guard let held = overTLS ? IdleConnections.tls(count: idle, port: tlsPort, caFile: caFile)
                                 : IdleConnections(count: idle, port: plainPort) else {
            print("idle: could not open \(idle) \(overTLS ? "TLS" : "plaintext") connections")
            return false
        }
        var waited = 0
        while (socketConnections(httpPort: httpPort) ?? 0) < before + idle, waited < 3_000 {
            usleep(10_000)
            waited += 1
        }
        let perConnection = Double(residentBytes() - rssBefore) / Double(idle)
        let opened = (socketConnections(httpPort: httpPort) ?? 0) - before
        print(pad(overTLS ? "TLS" : "plaintext", 12) + format(perConnection, 0) + " bytes per connection ("
              + "\(opened) open, \(format(Double(MonotonicClock.nanoseconds() - started) / 1e9, 1)) s to open them"
              + (overTLS ? "" : "; after the TLS ones were closed") + ")")
        held.close()
        waited = 0
        while (socketConnections(httpPort: httpPort) ?? 0) > before, waited < 3_000 {
            usleep(10_000)
            waited += 1
        }
    }
    return true
}
