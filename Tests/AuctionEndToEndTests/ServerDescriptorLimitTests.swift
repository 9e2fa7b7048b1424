import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// The real server under a lowered open-file limit (set in the child only, with `ulimit -n`): a
/// client it cannot keep is told `too_many_connections` and closed, the refusals are logged once
/// per interval, and it accepts again once descriptors are free.
@Suite struct ServerDescriptorLimitTests {
    @Test func outOfDescriptorsTheServerAnswersLogsOnceAndRecovers() async throws {
        // Given a server with 64 descriptors, no reserve and a connection limit it cannot reach.
        let server = try await offPool { try LimitedServer(openFiles: 64, arguments: ["--fd-reserve", "0", "--max-connections", "1000"]) }
        defer { server.stop() }

        // When clients connect until one is refused, then ten more.
        let (kept, refusal) = await offPool { connectUntilRefused(port: server.socketPort, atMost: 64) }
        // Each closed exactly once: a second close of a number the process has reused closes another
        // test's descriptor (it once closed a socket client's epoll descriptor: its loop stopped).
        var open = kept
        defer { for socket in open { close(socket) } }
        let later = await offPool { (0..<10).map { _ in answer(port: server.socketPort) } }

        // Then every refused client got the documented error; the log says why, once for the burst.
        #expect(!kept.isEmpty && kept.count < 64)
        #expect(refusal.contains(#""reason":"too_many_connections""#))
        #expect(later.allSatisfy { $0.contains("too_many_connections") })
        #expect(await offPool { server.process.waitFor { _, stderr in stderr.contains("out of file descriptors (too many open files") } })
        let lines = server.process.stderr.split(separator: "\n").filter { $0.contains("socket: refused") }
        #expect((1...2).contains(lines.count), "\(lines)")

        // And once a client leaves, a new one is served again (the spare descriptor came back).
        if !open.isEmpty { close(open.removeFirst()) }
        let served = await offPool { () -> Bool in
            for _ in 0..<200 where answer(port: server.socketPort).contains(#""result":true"#) { return true }
            return false
        }
        #expect(served)
    }

    @Test func theDefaultConnectionLimitLeavesTheReserveFree() async throws {
        // Given a server with 128 descriptors and a reserve of 64, no connection limit set.
        let server = try await offPool { try LimitedServer(openFiles: 128, arguments: ["--fd-reserve", "64"]) }
        defer { server.stop() }
        #expect(await offPool { server.process.waitFor { _, stderr in
            stderr.contains("socket: at most 64 connections (open-file limit 128, 64 descriptors in reserve)")
        } })

        // When clients connect until one is refused.
        let (kept, refusal) = await offPool { connectUntilRefused(port: server.socketPort, atMost: 128) }
        defer { for socket in kept { close(socket) } }

        // Then the refusal came before the reserve was touched, with the error and a log line.
        #expect(!kept.isEmpty && kept.count < 64)
        #expect(refusal.contains(#""reason":"too_many_connections""#))
        #expect(await offPool { server.process.waitFor { _, stderr in stderr.contains("only the reserve of 64 file descriptors is left") } })
    }
}

/// `auction-server` started through `bash -c 'ulimit -n N; exec …'` on free ports.
private struct LimitedServer: Sendable {
    let folder: TemporaryDirectory
    let process: ChildProcess
    let socketPort: Int

    init(openFiles: Int, arguments: [String]) throws {
        folder = try TemporaryDirectory(prefix: "auction-fd")
        process = try ChildProcess("/bin/bash", [
            "-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", BuildProducts.executable("auction-server"),
            "--http-port", "0", "--socket-port", "0", "--db", folder.file("auction.sqlite"),
        ] + arguments)
        var port: Int?
        process.waitFor(timeout: 30) { stdout, _ in
            port = stdout.split(separator: "\n").first { $0.hasPrefix("listening ") }
                .flatMap { $0.split(separator: ":").last }.flatMap { Int($0) }
            return port != nil
        }
        guard let port else {
            process.kill()
            folder.remove()
            throw ServerProcessError.didNotStart(stderr: process.stderr)
        }
        socketPort = port
    }

    /// Stops the server (SIGTERM, then SIGKILL) and removes its files.
    func stop() {
        process.signal(SIGTERM)
        if process.waitForExit(timeout: 10) == nil { process.kill() }
        folder.remove()
    }
}

private let pingFrame = Array(#"{"dataType":10,"completionId":1,"data":{}}/"#.utf8)

/// Connects and pings until a connection is refused; the connections kept and the refusal's bytes.
private func connectUntilRefused(port: Int, atMost limit: Int) -> (kept: [CInt], refusal: String) {
    var kept: [CInt] = []
    for _ in 0..<limit {
        let socket = connectedSocket(port: port)
        guard socket >= 0 else { break }
        _ = Glibc.send(socket, pingFrame, pingFrame.count, CInt(MSG_NOSIGNAL))
        let text = readSome(socket)
        if text.contains(#""result":true"#) {
            kept.append(socket)
        } else {
            close(socket)
            return (kept, text)
        }
    }
    return (kept, "")
}

/// Connects, pings, and returns what came back (empty on EOF or the 5 s timeout).
private func answer(port: Int) -> String {
    let socket = connectedSocket(port: port)
    guard socket >= 0 else { return "" }
    defer { close(socket) }
    _ = Glibc.send(socket, pingFrame, pingFrame.count, CInt(MSG_NOSIGNAL))
    return readSome(socket)
}

/// A blocking loopback client with a 5 s receive timeout, or -1.
private func connectedSocket(port: Int) -> CInt {
    BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 5)
}

/// One read (up to 4 KiB) as text.
private func readSome(_ fd: CInt) -> String {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
}
