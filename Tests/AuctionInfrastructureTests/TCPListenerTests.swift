import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct TCPListenerTests {
    @Test func listenerReportsTheEphemeralPort() throws {
        let loop = try EventLoop.spawn(name: "test-listen")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        #expect(listener.address.host == "127.0.0.1")
        #expect(listener.address.port > 0)
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        close(client)
        listener.close()
    }

    @Test func bindingABusyPortFailsWithAnActionableError() throws {
        let loop = try EventLoop.spawn(name: "test-busy")
        defer { loop.shutdown() }
        let (holder, port) = LoopbackPort.claim(listenBacklog: 1) ?? (-1, 0)
        defer { close(holder) }
        #expect {
            _ = try TCPListener.listen(host: "127.0.0.1", port: port, on: loop) { _ in }
        } throws: { error in
            guard let error = error as? SocketError, case let .bind(address, errno) = error else { return false }
            return address.port == port && errno == .addressInUse
                && error.description.contains("address already in use")
        }
    }

    @Test func closedListenerRefusesNewConnections() async throws {
        let loop = try EventLoop.spawn(name: "test-listener-close")
        defer { loop.shutdown() }
        // A parallel test's listener may take the freed port; then try again with a new one.
        for _ in 0..<5 {
            let listener = try echoListener(host: "127.0.0.1", on: loop)
            listener.close()
            _ = await awaitOnLoop(loop) { done in done(true) }
            // Holding the port (bound, not listening) proves it was released and keeps it ours.
            guard let held = LoopbackPort.claim(listener.address.port) else { continue }
            defer { close(held.fd) }
            let result = await connectOnLoop(host: "127.0.0.1", port: listener.address.port, on: loop)
            #expect(result.map { if case .failure(.connectionRefused) = $0 { true } else { false } } == true)
            return
        }
        Issue.record("the closed listener's port was taken by another socket five times in a row")
    }

    /// 10,000 clients held open by a child `bash` (`/dev/tcp`), all accepted by one listener on one
    /// loop thread; the child's descriptors keep this process under its 20,000-descriptor hard limit.
    @Test func acceptsTenThousandConcurrentConnections() async throws {
        let wanted = 10_000
        let limit = ProcessLimits.raiseOpenFileLimit()
        try #require(limit >= wanted + 1_000, "open-file limit \(limit) is too low for this test")
        let loop = try EventLoop.spawn(name: "test-10k")
        defer { loop.shutdown() }
        let open = Mutex(0)
        let closed = Mutex(0)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            open.withLock { $0 += 1 }
            connection.onClose = { _ in closed.withLock { $0 += 1 } }
        }
        let script = """
            for ((i=0;i<\(wanted);i++)); do exec {fd}<>/dev/tcp/127.0.0.1/\(listener.address.port) || exit 1; done
            echo ready; read -r _
            """
        let child = try #require(ChildProcess(arguments: ["/bin/bash", "-c", script]))
        defer { child.finish() }
        #expect(child.readLine() == "ready")
        #expect(await waitUntil(on: loop) { open.withLock { $0 } == wanted })
        #expect(listener.acceptedCount == wanted)
        child.closeInput()  // bash exits; every client descriptor closes
        #expect(await waitUntil(on: loop) { closed.withLock { $0 } == wanted })
    }
}

/// A child process with a pipe to its stdin and one from its stdout (`posix_spawn`).
private final class ChildProcess {
    private let pid: pid_t
    private var input: CInt
    private let output: CInt

    init?(arguments: [String]) {
        var toChild: [CInt] = [0, 0]
        var fromChild: [CInt] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return nil }
        for fd in [toChild[1], fromChild[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard result == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        self.pid = pid
        input = toChild[1]
        output = fromChild[0]
    }

    /// Reads one line from the child's stdout (blocking).
    func readLine() -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }

    /// Closes the child's stdin.
    func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Closes the pipes and reaps the child.
    func finish() {
        closeInput()
        close(output)
        var status: CInt = 0
        waitpid(pid, &status, 0)
    }
}
