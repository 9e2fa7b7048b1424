import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `auction-server --tls-cert --tls-key` against peers nobody here wrote (curl, openssl s_client,
/// Python's ssl module) and against our own client over https:// and tls://.
@Suite(.serialized) struct TLSEndToEndTests {
    /// A TLS server with a throwaway CA, and the client environment that trusts it by name.
    struct Secured {
        let server: AuctionServerProcess
        let directory: TemporaryDirectory
        let certificates: ThrowawayCertificates

        var httpPort: Int { ListeningLine.port(of: server.httpAddress) }
        var socketPort: Int { ListeningLine.port(of: server.socketAddress) }
        var environment: [String: String] {
            ["AUCTION_HTTP": "https://localhost:\(httpPort)", "AUCTION_SOCKET": "tls://localhost:\(socketPort)",
             "AUCTION_CA_FILE": certificates.caFile]
        }

        func stop() {
            server.stop()
            directory.remove()
            certificates.remove()
        }
    }

    static func secured(_ arguments: [String] = [], pair: ((ThrowawayCertificates) throws -> ThrowawayCertificates.Pair)? = nil) async throws -> Secured {
        let certificates = try ThrowawayCertificates()
        let pair = try pair?(certificates) ?? certificates.issue("server")
        let directory = try TemporaryDirectory(prefix: "auction-tls-e2e")
        let server = try await CLI.blocking {
            try AuctionServerProcess(directory: directory, arguments: ["--tls-cert", pair.certificate, "--tls-key", pair.key,
                                                                       "--log-level", "info"] + arguments)
        }
        return Secured(server: server, directory: directory, certificates: certificates)
    }

    @Test func curlAndOpenSSLReachHTTPSAndTheSocket() async throws {
        let secured = try await Self.secured()
        defer { secured.stop() }
        #expect(secured.server.log.contains("tls=on"), "\(secured.server.log)")
        let health = try await run("/usr/bin/curl", ["-sS", "--cacert", secured.certificates.caFile, "https://localhost:\(secured.httpPort)/health"])
        #expect(health.status == 0, "\(health.stderr)")
        let product = try await run("/usr/bin/curl", ["-sS", "--cacert", secured.certificates.caFile, "-H", "Content-Type: application/json",
                                                      "-d", #"{"product_id":1}"#, "https://localhost:\(secured.httpPort)/products/detailproduct"])
        #expect(product.stdout.contains("\"product_id\":1"), "\(product.stdout) \(product.stderr)")
        let hello = #"{"dataType":11,"completionId":1,"data":{"client":"s_client","version":"1","features":[]}}/"#
        let socket = try await run("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(secured.socketPort)", "-servername", "localhost",
                                                        "-CAfile", secured.certificates.caFile, "-verify_return_error", "-quiet"],
                                   stdin: hello, timeout: 3)
        #expect(socket.stdout.contains("\"server\":\"auction-server\""), "\(socket.stdout) \(socket.stderr)")
    }

    @Test func plaintextClientsAtTheTLSPortsAreToldToUseTLS() async throws {
        let secured = try await Self.secured()
        defer { secured.stop() }
        // Given plain HTTP to the HTTPS port, then a 400 that says to use https (as nginx answers), and the close
        let plaintext = try await run("/usr/bin/curl", ["-sS", "--max-time", "5", "-w", "\n%{http_code}", "http://127.0.0.1:\(secured.httpPort)/health"])
        #expect(plaintext.status == 0 && plaintext.stdout.hasSuffix("\n400"), "\(plaintext.stdout) \(plaintext.stderr)")
        #expect(plaintext.stdout.contains("plain HTTP request was sent to HTTPS port"), "\(plaintext.stdout)")
        // Given a plaintext auction frame to the TLS socket, then an error frame that says the port speaks TLS
        let answer = try await CLI.blocking { () -> String in
            let fd = BlockingLoopbackSocket.connect(port: secured.socketPort, receiveTimeoutSeconds: 5)
            defer { close(fd) }
            let hello = Array(#"{"dataType":11,"completionId":1,"data":{"client":"plain","version":"1","features":[]}}/"#.utf8)
            _ = Glibc.send(fd, hello, hello.count, CInt(MSG_NOSIGNAL))
            var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4_096)
            while case let count = recv(fd, &buffer, buffer.count, 0), count > 0 { received += buffer[0..<count] }
            return String(decoding: received, as: UTF8.self)
        }
        #expect(answer.contains("tls_required") && answer.contains("speaks TLS"), "\(answer)")
    }

    @Test func plaintextListenersBesideTLSServeTheOriginalAppAndAreLogged() async throws {
        let secured = try await Self.secured(["--plain-socket-port", "0", "--plain-http-port", "0"])
        defer { secured.stop() }
        let log = secured.server.log
        #expect(log.contains("PLAINTEXT auction socket on"), "\(log)")
        #expect(log.contains("PLAINTEXT HTTP on"), "\(log)")
        let plainHTTP = try #require(log.split(separator: " ").first { $0.hasPrefix("plain-http=") }).dropFirst(11)
        let plainSocket = try #require(log.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("plain-socket=") })
            .dropFirst(13)
        let health = try await run("/usr/bin/curl", ["-sS", "http://\(plainHTTP)/health"])
        #expect(health.status == 0 && health.stdout.contains("ok"), "\(health.stdout) \(health.stderr)")
        // JSON, whose end times are absolute: the table's time-left column may tick between the two runs.
        let list = try await CLI.run(["list", "--json"], environment: ["AUCTION_HTTP": "http://\(plainHTTP)", "AUCTION_SOCKET": String(plainSocket)])
        #expect(list.status == 0, "\(list.stderr)")
        let tls = try await CLI.run(["list", "--json"], environment: secured.environment)
        #expect(tls.status == 0 && tls.stdout == list.stdout, "\(tls.stderr)")
    }

    @Test func pythonsSSLModuleLogsInAndBidsOverTheSocket() async throws {
        let secured = try await Self.secured()
        defer { secured.stop() }
        let script = secured.directory.file("bid.py")
        try Self.pythonBidder.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try await run("/usr/bin/python3", [script, String(secured.httpPort), String(secured.socketPort), secured.certificates.caFile])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("login True"), "\(result.stdout)")
        #expect(result.stdout.contains("bid True"), "\(result.stdout)")
        #expect(try AccountEndToEndTests.storedBids(secured.server.databasePath).map(\.price) == [9_000_000])
    }

    @Test func ourClientListsBidsShowsAndChatsOverTLS() async throws {
        let secured = try await Self.secured()
        defer { secured.stop() }
        let alice = try await AccountEndToEndTests.register("alice", serverEnvironment: secured.environment, in: secured.directory)
        let list = try await CLI.run(["list"], environment: secured.environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stdout.isEmpty)
        let bid = try await alice.run(["bid", "5", "9,000,000", "--yes"])
        #expect(bid.status == 0, "\(bid.stderr)")
        #expect(bid.stdout.contains("product 5 at 9,000,000"), "\(bid.stdout)")
        let show = try await CLI.run(["show", "5"], environment: secured.environment)
        #expect(show.status == 0 && show.stdout.contains("9,000,000"), "\(show.stdout) \(show.stderr)")
        let chat = try await alice.run(["chat", "product-5"], stdin: "hello over tls\n")
        #expect(chat.status == 0, "\(chat.stderr)")
        let watch = try await CLI.run(["watch", "--ids", "5", "--json"], environment: secured.environment, timeout: 5)
        #expect(watch.stdout.contains("9000000"), "\(watch.stdout) \(watch.stderr)")
    }

    @Test func ourClientRefusesUntrustedCertificatesWithExit3() async throws {
        let secured = try await Self.secured(pair: { try $0.issue("named", for: ["DNS:localhost"]) })
        defer { secured.stop() }
        var byAddress = secured.environment
        byAddress["AUCTION_HTTP"] = "https://127.0.0.1:\(secured.httpPort)"
        let wrongName = try await CLI.run(["list"], environment: byAddress)
        #expect(wrongName.status == 3)
        #expect(wrongName.stderr.contains("the TLS certificate of 127.0.0.1 was refused: it is for localhost, not 127.0.0.1"), "\(wrongName.stderr)")
        var untrusted = secured.environment
        untrusted["AUCTION_CA_FILE"] = nil
        let unknown = try await CLI.run(["list"], environment: untrusted)
        #expect(unknown.status == 3)
        #expect(unknown.stderr.contains("--ca-file"), "\(unknown.stderr)")
        let socket = try await CLI.run(["bid", "5", "9,000,000", "--yes"], environment: untrusted.merging(["AUCTION_HTTP": "https://localhost:1"]) { _, new in new })
        #expect(socket.status == 3, "\(socket.stderr)")
        #expect(socket.stderr.contains("not signed by an authority this machine trusts"), "\(socket.stderr)")
    }

    @Test func passwordsAndTokensDoNotCrossPlaintextToAnotherMachine() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-plaintext")
        defer { directory.remove() }
        let remote = ["AUCTION_HTTP": "http://192.0.2.10:3100", "AUCTION_SOCKET": "192.0.2.10:3200", "XDG_CONFIG_HOME": directory.path]
        let register = try await CLI.run(["register", "bob", "--password-stdin"], environment: remote, stdin: "correct horse bob\n")
        #expect(register.status == 2)
        #expect(register.stderr.contains("refusing to send your password or session token unencrypted to http://192.0.2.10:3100"),
                "\(register.stderr)")
        let allowed = try await CLI.run(["register", "bob", "--password-stdin", "--allow-plaintext"],
                                        environment: remote.merging(["AUCTION_TIMEOUT": "1"]) { _, new in new }, stdin: "correct horse bob\n")
        #expect(allowed.status == 3, "\(allowed.stderr)")  // it tried: the address does not answer
    }

    @Test func rotationOnSIGHUPKeepsLiveConnectionsAndServesTheNewCertificate() async throws {
        let secured = try await Self.secured()
        defer { secured.stop() }
        let next = try ThrowawayCertificates()
        defer { next.remove() }
        let nextPair = try next.issue("rotated")
        let script = secured.directory.file("keepalive.py")
        try Self.pythonKeepAlive.write(toFile: script, atomically: true, encoding: .utf8)
        let live = try SpawnedProcess("/usr/bin/python3", [script, String(secured.httpPort), secured.certificates.caFile,
                                                           secured.directory.file("rotated")],
                                      environment: ProcessInfo.processInfo.environment)
        #expect(await eventually(timeout: 10) { live.stdout.contains("first 200") }, "\(live.stdout) \(live.stderr)")
        // A bad pair first (the new key beside the old certificate): logged, the old pair kept.
        try copy(nextPair.key, to: keyPath(secured))
        secured.server.signal(SIGHUP)
        #expect(await eventually(timeout: 10) { secured.server.log.contains("still serving the previous certificate") }, "\(secured.server.log)")
        try copy(nextPair.certificate, to: certificatePath(secured))
        secured.server.signal(SIGHUP)
        #expect(await eventually(timeout: 10) { secured.server.log.contains("SIGHUP: loaded") }, "\(secured.server.log)")
        let fresh = try await run("/usr/bin/curl", ["-sS", "--cacert", next.caFile, "https://localhost:\(secured.httpPort)/health"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let old = try await run("/usr/bin/curl", ["-sS", "--cacert", secured.certificates.caFile, "https://localhost:\(secured.httpPort)/health"])
        #expect(old.status != 0)
        try "go".write(toFile: secured.directory.file("rotated"), atomically: true, encoding: .utf8)
        #expect(await eventually(timeout: 10) { live.stdout.contains("second 200") }, "\(live.stdout) \(live.stderr)")
        live.kill()
    }

    @Test func socketWatchersStayAcrossRotationAndGetTheNextBid() async throws {
        let secured = try await Self.secured(["--tls-handshakes-per-address", "1000"])
        defer { secured.stop() }
        let watchersScript = secured.directory.file("watchers.py"), bidScript = secured.directory.file("bid.py")
        try Self.pythonWatchers.write(toFile: watchersScript, atomically: true, encoding: .utf8)
        try Self.pythonBidder.write(toFile: bidScript, atomically: true, encoding: .utf8)
        let watchers = try SpawnedProcess("/usr/bin/python3", [watchersScript, String(secured.socketPort), secured.certificates.caFile, "50"],
                                          environment: ProcessInfo.processInfo.environment)
        defer { watchers.kill() }
        #expect(await eventually(timeout: 20) { watchers.stdout.contains("subscribed 50") }, "\(watchers.stdout) \(watchers.stderr)")
        let next = try ThrowawayCertificates()
        defer { next.remove() }
        let pair = try next.issue("rotated")
        try copy(pair.key, to: keyPath(secured))
        try copy(pair.certificate, to: certificatePath(secured))
        secured.server.signal(SIGHUP)
        #expect(await eventually(timeout: 10) { secured.server.log.contains("SIGHUP: loaded") }, "\(secured.server.log)")
        let bid = try await run("/usr/bin/python3", [bidScript, String(secured.httpPort), String(secured.socketPort), next.caFile])
        #expect(bid.stdout.contains("bid True"), "\(bid.stdout) \(bid.stderr)")
        #expect(await eventually(timeout: 20) { watchers.stdout.contains("pushed 50") }, "\(watchers.stdout) \(watchers.stderr)")
    }

    private func certificatePath(_ secured: Secured) -> String { secured.certificates.directory.file("server.pem") }
    private func keyPath(_ secured: Secured) -> String { secured.certificates.directory.file("server.key") }

    private func copy(_ source: String, to destination: String) throws {
        try String(contentsOfFile: source, encoding: .utf8).write(toFile: destination, atomically: true, encoding: .utf8)
    }

    private func run(_ executable: String, _ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 30) async throws -> ProcessResult {
        try await CLI.blocking { try ProcessRunner.run(executable, arguments, stdin: stdin, timeout: timeout) }
    }

    /// Registers over HTTPS, then over the TLS socket: hello, login with the token, a bid.
    static let pythonBidder = #"""
    import json, socket, ssl, sys, urllib.request
    http_port, socket_port, ca = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    context = ssl.create_default_context(cafile=ca)
    request = urllib.request.Request("https://localhost:%s/users/register" % http_port,
        data=json.dumps({"name": "python", "password": "correct horse python"}).encode(),
        headers={"Content-Type": "application/json"})
    token = json.load(urllib.request.urlopen(request, context=context))["token"]
    connection = context.wrap_socket(socket.create_connection(("localhost", socket_port)), server_hostname="localhost")
    buffer = b""
    def ask(data_type, completion, data):
        global buffer
        connection.sendall(json.dumps({"dataType": data_type, "completionId": completion, "data": data}).encode() + b"/")
        while True:
            while b"/" not in buffer:
                buffer += connection.recv(65536)
            frame, buffer = buffer.split(b"/", 1)
            message = json.loads(frame)
            if message["dataType"] == 1 and message["data"].get("completionId") == completion:
                return message["data"]
    ask(11, 1, {"client": "python", "version": "1", "features": []})
    print("login", ask(3, 2, {"token": token})["result"])
    print("bid", ask(2, 3, {"product_id": 5, "product_price": 9000000})["result"])
    """#

    /// N TLS socket connections subscribed to product 5; says when all have had a push naming 9000000.
    static let pythonWatchers = #"""
    import json, select, socket, ssl, sys
    port, ca, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    context = ssl.create_default_context(cafile=ca)
    watchers = []
    for index in range(count):
        connection = context.wrap_socket(socket.create_connection(("localhost", port)), server_hostname="localhost")
        connection.sendall(b'{"dataType":11,"completionId":1,"data":{"client":"py","version":"1","features":[]}}/')
        connection.sendall(b'{"dataType":4,"completionId":2,"data":{"product_ids":[5]}}/')
        watchers.append(connection)
    print("subscribed", count, flush=True)
    seen, buffers = set(), {id(w): b"" for w in watchers}
    while len(seen) < count:
        readable, _, _ = select.select([w for w in watchers if id(w) not in seen], [], [], 30)
        if not readable:
            break
        for connection in readable:
            while True:
                data = connection.recv(65536)
                buffers[id(connection)] += data
                if connection.pending() == 0:
                    break
            if b"9000000" in buffers[id(connection)]:
                seen.add(id(connection))
    print("pushed", len(seen), flush=True)
    """#

    /// One keep-alive HTTPS connection: a request, then (once the file argv[3] exists) another on it.
    static let pythonKeepAlive = #"""
    import http.client, os, ssl, sys, time
    context = ssl.create_default_context(cafile=sys.argv[2])
    connection = http.client.HTTPSConnection("localhost", int(sys.argv[1]), context=context)
    connection.request("GET", "/health")
    response = connection.getresponse(); response.read()
    print("first", response.status, flush=True)
    while not os.path.exists(sys.argv[3]):
        time.sleep(0.05)
    connection.request("GET", "/health")
    response = connection.getresponse(); response.read()
    print("second", response.status, flush=True)
    """#
}
